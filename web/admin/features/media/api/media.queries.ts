import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { MediaItem } from '#shared/media';
import { api } from '../../../../common/api';

export const mediaKeys = { list: ['media'] as const };

/** `GET /api/media`: every upload, newest first, with the articles that show it. */
export function getMedia(signal?: AbortSignal): Promise<MediaItem[]> {
  return api<MediaItem[]>('/media', { signal });
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

export const mediaQuery = () =>
  queryOptions({
    queryKey: mediaKeys.list,
    queryFn: ({ signal }) => getMedia(signal),
    meta: { failureKey: 'admin.errors.loadData' },
  });

export function useMediaQuery({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...mediaQuery(), enabled });
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
