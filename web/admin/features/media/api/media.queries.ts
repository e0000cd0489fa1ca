import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ListPage } from '#shared/list-query';
import {
  MEDIA_PAGE_SIZE,
  type HeroMedia,
  type HeroMediaUpdate,
  type MediaItem,
  type MediaLimits,
  type UploadKind,
} from '#shared/media';
import { api, apiPage } from '../../../../common/api';

export const mediaKeys = {
  list: ['media'] as const,
  hero: ['media', 'hero'] as const,
  limits: ['media', 'limits'] as const,
};

/**
 * `GET /api/media?page=&kind=`: a page of the uploads (of one kind, if
 * asked), newest first, with what shows each.
 */
export function getMediaPage(
  page: number,
  kind: UploadKind | undefined,
  signal?: AbortSignal,
): Promise<ListPage<MediaItem>> {
  const query = { page, per_page: MEDIA_PAGE_SIZE, ...(kind && { kind }) };
  return apiPage<MediaItem>('/media', { query, signal });
}

/** `POST /api/media` (multipart, field `file`): 201 with the upload; 413/415 with a translated reason. */
export function uploadMedia(file: File): Promise<MediaItem> {
  const body = new FormData();
  body.append('file', file);
  return api<MediaItem>('/media', { method: 'POST', body });
}

/** `DELETE /api/media/{id}`: 409 while an article, a page or the hero shows it. */
export function deleteMedia(id: number): Promise<{ id: number }> {
  return api<{ id: number }>(`/media/${id}`, { method: 'DELETE' });
}

/**
 * The library (or its uploads of one kind) a page at a time: the pages loaded so far (`fetchNextPage`
 * adds the next) and the total the server counted.
 */
export function useMediaPages(kind?: UploadKind) {
  return useInfiniteQuery({
    queryKey: [...mediaKeys.list, 'pages', kind ?? 'all'],
    queryFn: ({ pageParam, signal }) => getMediaPage(pageParam, kind, signal),
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

/** `GET /api/media/limits`: the largest image, document and video the server takes. */
export function useMediaLimits() {
  return useQuery({
    queryKey: mediaKeys.limits,
    queryFn: ({ signal }) => api<MediaLimits>('/media/limits', { signal }),
    staleTime: Infinity,
  });
}

/** `GET /api/media/hero`: the home page's hero video and still as chosen. */
export function useHeroMedia() {
  return useQuery({
    queryKey: mediaKeys.hero,
    queryFn: ({ signal }) => api<HeroMedia>('/media/hero', { signal }),
    meta: { failureKey: 'admin.errors.loadData' },
  });
}

/**
 * `PUT /api/media/hero`: the hero's video or still (only the part named
 * changes). The answer is the hero as it now is, a colleague's choice of the
 * other part included; the list's "used by" changes too. After a refusal the
 * hero is read again: what this page shows of it may be out of date.
 */
export function useSetHeroMedia() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: HeroMediaUpdate) => api<HeroMedia>('/media/hero', { method: 'PUT', body }),
    onSuccess: (hero) => {
      client.setQueryData(mediaKeys.hero, hero);
      return client.invalidateQueries({ queryKey: mediaKeys.list });
    },
    onError: () => client.invalidateQueries({ queryKey: mediaKeys.hero }),
  });
}
