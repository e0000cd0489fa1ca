import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Article, ArticlePayload, CategoryCount } from '#shared/news';
import { api } from '../../../../common/api';

export const newsKeys = {
  adminList: ['news', 'admin'] as const,
  categories: ['news', 'categories'] as const,
};

/** `GET /api/news/admin`: every article, drafts included, newest first. */
export function getAdminNews(signal?: AbortSignal): Promise<Article[]> {
  return api<Article[]>('/news/admin', { signal });
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

/** `PUT /api/news/{id}` with only `{published}`: the publish/unpublish toggle (spec). */
export function setPublished({ id, published }: { id: number; published: boolean }) {
  return api<Article>(`/news/${id}`, { method: 'PUT', body: { published } });
}

/** `DELETE /api/news/{id}`. */
export function deleteNews(id: number): Promise<{ id: number }> {
  return api<{ id: number }>(`/news/${id}`, { method: 'DELETE' });
}

/** The News tab's list; a failed load toasts 'Failed to load data' (spec). */
export const adminNewsQuery = () =>
  queryOptions({
    queryKey: newsKeys.adminList,
    queryFn: ({ signal }) => getAdminNews(signal),
    meta: { failureKey: 'admin.errors.loadData' },
  });

/** Category suggestions only: a failure just means fewer suggestions, so no toast. */
export const categoriesQuery = () =>
  queryOptions({ queryKey: newsKeys.categories, queryFn: ({ signal }) => getCategories(signal) });

export function useAdminNewsQuery({ enabled }: { enabled: boolean }) {
  return useQuery({ ...adminNewsQuery(), enabled });
}

export function useCategoriesQuery() {
  return useQuery(categoriesQuery());
}

/**
 * Every article write changes the admin list and may change the published
 * categories (a new category, a publication, a deletion): both are refetched,
 * and the write counts as done once they are back. Contacts are left alone.
 */
function useNewsWrite<V, R>(mutationFn: (variables: V) => Promise<R>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: () =>
      Promise.all([
        client.invalidateQueries({ queryKey: newsKeys.adminList }),
        client.invalidateQueries({ queryKey: newsKeys.categories }),
      ]),
  });
}

export const useCreateNews = () => useNewsWrite(createNews);
export const useUpdateNews = () => useNewsWrite(updateNews);
export const useSetPublished = () => useNewsWrite(setPublished);
export const useDeleteNews = () => useNewsWrite(deleteNews);
