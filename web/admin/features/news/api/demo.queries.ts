import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../../common/api';
import { newsKeys } from './news.queries';

export type DemoArticles = { articles: { id: number; slug: string; title: string }[] };

export const demoKeys = { all: ['news', 'demo'] as const };

/** `GET /api/demo`: the demo articles of the first start that are still there. */
export const demoContentQuery = () =>
  queryOptions({
    queryKey: demoKeys.all,
    queryFn: ({ signal }) => api<DemoArticles>('/demo', { signal }),
  });

export function useDemoContent() {
  return useQuery(demoContentQuery());
}

/** `DELETE /api/demo`: every demo article goes; the lists are read again. */
export function useRemoveDemoContent() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => api<{ removed: number }>('/demo', { method: 'DELETE' }),
    onSuccess: () =>
      Promise.all([
        client.invalidateQueries({ queryKey: demoKeys.all }),
        client.invalidateQueries({ queryKey: newsKeys.adminList }),
        client.invalidateQueries({ queryKey: newsKeys.categories }),
      ]),
  });
}
