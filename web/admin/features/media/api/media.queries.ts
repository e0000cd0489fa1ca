import { useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import type { ListPage } from '#shared/list-query';
import { MEDIA_PAGE_SIZE, type MediaItem } from '#shared/media';
import { api, apiPage } from '../../../../common/api';

export const mediaKeys = { list: ['media'] as const };

/** `GET /api/media?page=`: a page of the uploads, newest first, with the articles that show each. */
export function getMediaPage(page: number, signal?: AbortSignal): Promise<ListPage<MediaItem>> {
  return apiPage<MediaItem>('/media', { query: { page, per_page: MEDIA_PAGE_SIZE }, signal });
}

/** `POST /api/media` (multipart, field `file`): 201 with the upload; 413/415 with a translated reason. */
export function uploadMedia(file: File): Promise<MediaItem> {
  const body = new FormData();
  body.append('file', file);
  return api<MediaItem>('/media', { method: 'POST', body });
}

/** `DELETE /api/media/{id}`: 409 while an article shows it. */
export function deleteMedia(id: number): Promise<{ id: number }> {
  return api<{ id: number }>(`/media/${id}`, { method: 'DELETE' });
}

/**
 * The library a page at a time: the pages loaded so far (`fetchNextPage`
 * adds the next) and the total the server counted.
 */
export function useMediaPages() {
  return useInfiniteQuery({
    queryKey: [...mediaKeys.list, 'pages'],
    queryFn: ({ pageParam, signal }) => getMediaPage(pageParam, signal),
    initialPageParam: 1,
    getNextPageParam: (last, loaded) =>
      loaded.reduce((n, p) => n + p.items.length, 0) < last.total && last.items.length > 0
        ? loaded.length + 1
        : undefined,
    meta: { failureKey: 'admin.errors.loadData' },
  });
}

function useMediaWrite<V, R>(mutationFn: (variables: V) => Promise<R>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: () => client.invalidateQueries({ queryKey: mediaKeys.list }),
  });
}

export const useUploadMedia = () => useMediaWrite(uploadMedia);
export const useDeleteMedia = () => useMediaWrite(deleteMedia);
