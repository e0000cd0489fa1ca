import {
  keepPreviousData,
  queryOptions,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import type { ListPage } from '#shared/list-query';
import type { Article, CategoryCount } from '#shared/news';
import type { ArticleListQuery } from '#shared/news-list';
import type { ArticlePayload } from '#shared/news-schema';
import { api, apiPage } from '../../../../common/api';

/** Articles per page of the News tab. */
export const NEWS_ADMIN_PAGE_SIZE = 20;

export const newsKeys = {
  /** Every admin read of articles: the pages, the count and the lookups by id. */
  adminList: ['news', 'admin'] as const,
  adminPage: (query: ArticleListQuery) => ['news', 'admin', 'page', query] as const,
  adminCount: ['news', 'admin', 'count'] as const,
  categories: ['news', 'categories'] as const,
};

/** What the editor shows of one article or page (their ids are shared): its history, its share links. */
export const historyKeys = {
  revisions: (id: number) => ['news', id, 'revisions'] as const,
  previews: (id: number) => ['news', id, 'previews'] as const,
};

/**
 * `GET /api/news/admin?page=…`: one page of the articles, drafts included,
 * newest first, filtered and searched by the API, with the list's total.
 */
export function getAdminNews(
  query: ArticleListQuery,
  signal?: AbortSignal,
): Promise<ListPage<Article>> {
  return apiPage<Article>('/news/admin', {
    query: {
      per_page: NEWS_ADMIN_PAGE_SIZE,
      ...query,
      ids: query.ids?.join(','),
      page: query.page ?? 1,
    },
    signal,
  });
}

/** `GET /api/news/categories`: categories of published articles with their counts. */
export function getCategories(signal?: AbortSignal): Promise<CategoryCount[]> {
  return api<CategoryCount[]>('/news/categories', { signal });
}

/** `POST /api/news`: a new article (201); 409 when the slug is taken. */
export function createNews(payload: ArticlePayload): Promise<Article> {
  return api<Article>('/news', { method: 'POST', body: payload });
}

/** `PUT /api/news/{id}` with every field of the edit form. */
export function updateNews({ id, payload }: { id: number; payload: ArticlePayload }) {
  return api<Article>(`/news/${id}`, { method: 'PUT', body: payload });
}

/** `PUT /api/news/{id}` with only `{published}`: the publish/unpublish toggle. */
export function setPublished({ id, published }: { id: number; published: boolean }) {
  return api<Article>(`/news/${id}`, { method: 'PUT', body: { published } });
}

/** `DELETE /api/news/{id}`. */
export function deleteNews(id: number): Promise<{ id: number }> {
  return api<{ id: number }>(`/news/${id}`, { method: 'DELETE' });
}

/** A page of the News tab's list; a failed load toasts 'Failed to load data'. */
export const adminNewsQuery = (query: ArticleListQuery) =>
  queryOptions({
    queryKey: newsKeys.adminPage(query),
    queryFn: ({ signal }) => getAdminNews(query, signal),
    meta: { failureKey: 'admin.errors.loadData' },
  });

/** How many articles there are, drafts included (the News tab's label): a page of one. */
export const adminNewsCountQuery = () =>
  queryOptions({
    queryKey: newsKeys.adminCount,
    queryFn: async ({ signal }) => (await getAdminNews({ per_page: 1 }, signal)).total,
    meta: { failureKey: 'admin.errors.loadData' },
  });

/** Category suggestions only: a failure just means fewer suggestions, so no toast. */
export const categoriesQuery = () =>
  queryOptions({ queryKey: newsKeys.categories, queryFn: ({ signal }) => getCategories(signal) });

/** A page of the list; another page, filter or search keeps the last one on screen until it is in. */
export function useAdminNewsQuery(query: ArticleListQuery, { enabled = true } = {}) {
  return useQuery({ ...adminNewsQuery(query), enabled, placeholderData: keepPreviousData });
}

export function useAdminNewsCount({ enabled }: { enabled: boolean }) {
  return useQuery({ ...adminNewsCountQuery(), enabled });
}

export function useCategoriesQuery() {
  return useQuery(categoriesQuery());
}

/**
 * Every article write changes the admin list and may change the published
 * categories (a new category, a publication, a deletion): both are refetched,
 * and the write counts as done once they are back. A write of the text
 * (`saves`: whose) adds a revision: that article's history is read again.
 * Contacts are left alone.
 */
function useNewsWrite<V, R>(
  mutationFn: (variables: V) => Promise<R>,
  saves?: (result: R) => number,
) {
  const client = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: (result) =>
      Promise.all([
        client.invalidateQueries({ queryKey: newsKeys.adminList }),
        client.invalidateQueries({ queryKey: newsKeys.categories }),
        saves && client.invalidateQueries({ queryKey: historyKeys.revisions(saves(result)) }),
      ]),
  });
}

export const useCreateNews = () => useNewsWrite(createNews, (article) => article.id);
export const useUpdateNews = () => useNewsWrite(updateNews, (article) => article.id);
export const useSetPublished = () => useNewsWrite(setPublished);
export const useDeleteNews = () => useNewsWrite(deleteNews);
