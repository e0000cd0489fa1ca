import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { PagePayload } from '#shared/page-schema';
import type { AdminPage } from '#shared/pages';
import { api } from '../../../../common/api';
import { historyKeys } from './news.queries';

export const pagesKeys = { list: ['pages', 'admin'] as const };

/** `GET /api/pages`: every page, drafts included, in menu order. */
export function getPages(signal?: AbortSignal): Promise<AdminPage[]> {
  return api<AdminPage[]>('/pages', { signal });
}

/** `POST /api/pages`: a new page (201); 409 when another article or page has the slug. */
export function createPage(payload: PagePayload): Promise<AdminPage> {
  return api<AdminPage>('/pages', { method: 'POST', body: payload });
}

/** `PUT /api/pages/{id}` with every field of the edit form. */
export function updatePage({ id, payload }: { id: number; payload: PagePayload }) {
  return api<AdminPage>(`/pages/${id}`, { method: 'PUT', body: payload });
}

/** `PUT /api/pages/{id}` with only `{published}`. */
export function setPagePublished({ id, published }: { id: number; published: boolean }) {
  return api<AdminPage>(`/pages/${id}`, { method: 'PUT', body: { published } });
}

/** `PUT /api/pages/{id}` with only `{nav}`: another menu (or none). */
export function setPageNav({ id, nav }: { id: number; nav: AdminPage['nav'] }) {
  return api<AdminPage>(`/pages/${id}`, { method: 'PUT', body: { nav } });
}

/** `PUT /api/pages/order`: the pages in this order take positions 0, 1, 2… */
export function reorderPages(ids: number[]): Promise<AdminPage[]> {
  return api<AdminPage[]>('/pages/order', { method: 'PUT', body: { ids } });
}

export function deletePage(id: number): Promise<{ id: number }> {
  return api<{ id: number }>(`/pages/${id}`, { method: 'DELETE' });
}

export const pagesQuery = () =>
  queryOptions({
    queryKey: pagesKeys.list,
    queryFn: ({ signal }) => getPages(signal),
    meta: { failureKey: 'admin.errors.loadData' },
  });

export function usePagesQuery({ enabled }: { enabled: boolean }) {
  return useQuery({ ...pagesQuery(), enabled });
}

/**
 * Every page write changes the list: it is read again, and the write counts
 * as done once it is back. A write of the text (`saves`: whose) adds a
 * revision: that page's history is read again too.
 */
function usePageWrite<V, R>(
  mutationFn: (variables: V) => Promise<R>,
  saves?: (result: R) => number,
) {
  const client = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: (result) =>
      Promise.all([
        client.invalidateQueries({ queryKey: pagesKeys.list }),
        saves && client.invalidateQueries({ queryKey: historyKeys.revisions(saves(result)) }),
      ]),
  });
}

export const useCreatePage = () => usePageWrite(createPage, (page) => page.id);
export const useUpdatePage = () => usePageWrite(updatePage, (page) => page.id);
export const useSetPagePublished = () => usePageWrite(setPagePublished);
export const useSetPageNav = () => usePageWrite(setPageNav);
export const useDeletePage = () => usePageWrite(deletePage);

/**
 * A new order shows at once: the list takes the new positions before the
 * server answers, then the server's answer. If the write fails, the list
 * shows its old order and is read again: the pages may have changed since
 * it was loaded (a colleague deleted one), and the next move then sends
 * the pages as they are.
 */
export function useReorderPages() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: reorderPages,
    onMutate: async (ids: number[]) => {
      await client.cancelQueries({ queryKey: pagesKeys.list });
      const before = client.getQueryData<AdminPage[]>(pagesKeys.list);
      const place = new Map(ids.map((id, position) => [id, position]));
      client.setQueryData<AdminPage[]>(pagesKeys.list, (pages) =>
        pages?.map((p) => ({ ...p, position: place.get(p.id) ?? p.position })),
      );
      return { before };
    },
    onError: (_error, _ids, context) => {
      client.setQueryData(pagesKeys.list, context?.before);
      void client.invalidateQueries({ queryKey: pagesKeys.list });
    },
    onSuccess: (pages) => client.setQueryData(pagesKeys.list, pages),
  });
}
