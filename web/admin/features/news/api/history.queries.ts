import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CreatedPreviewLink, PreviewLink } from '#shared/previews';
import type { Revision } from '#shared/revisions';
import type { AdminArticle } from '#shared/news';
import { api } from '../../../../common/api';
import { newsKeys } from './news.queries';

export const historyKeys = {
  revisions: (id: number) => ['news', id, 'revisions'] as const,
  previews: (id: number) => ['news', id, 'previews'] as const,
};

/** `GET /api/news/{id}/revisions`: newest first, every language, each with its diff. */
export function getRevisions(id: number, signal?: AbortSignal): Promise<Revision[]> {
  return api<Revision[]>(`/news/${id}/revisions`, { signal });
}

/** `POST /api/news/{id}/revisions/{revisionId}/restore`: the text saved again, as a new revision. */
export function restoreRevision({ id, revisionId }: { id: number; revisionId: number }) {
  return api<AdminArticle>(`/news/${id}/revisions/${revisionId}/restore`, { method: 'POST' });
}

/** `GET /api/news/{id}/previews`: the share links still working. */
export function getPreviews(id: number, signal?: AbortSignal): Promise<PreviewLink[]> {
  return api<PreviewLink[]>(`/news/${id}/previews`, { signal });
}

/** `POST /api/news/{id}/previews`: a new share link; its address is shown only now. */
export function createPreview({ id, days }: { id: number; days: number }) {
  return api<CreatedPreviewLink>(`/news/${id}/previews`, {
    method: 'POST',
    body: { expires_in_days: days },
  });
}

/** `DELETE /api/news/{id}/previews/{previewId}`: the link stops working at once. */
export function revokePreview({ id, previewId }: { id: number; previewId: number }) {
  return api<{ id: number }>(`/news/${id}/previews/${previewId}`, { method: 'DELETE' });
}

export function useRevisions(id: number) {
  return useQuery({
    queryKey: historyKeys.revisions(id),
    queryFn: ({ signal }) => getRevisions(id, signal),
    meta: { failureKey: 'admin.errors.loadData' },
  });
}

/** A restore is a save: the article list and its history are read again. */
export function useRestoreRevision() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: restoreRevision,
    onSuccess: (_article, { id }) =>
      Promise.all([
        client.invalidateQueries({ queryKey: newsKeys.adminList }),
        client.invalidateQueries({ queryKey: historyKeys.revisions(id) }),
      ]),
  });
}

export function usePreviews(id: number) {
  return useQuery({
    queryKey: historyKeys.previews(id),
    queryFn: ({ signal }) => getPreviews(id, signal),
    meta: { failureKey: 'admin.errors.loadData' },
  });
}

function usePreviewWrite<V extends { id: number }, R>(mutationFn: (variables: V) => Promise<R>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: (_r, { id }) => client.invalidateQueries({ queryKey: historyKeys.previews(id) }),
  });
}

export const useCreatePreview = () => usePreviewWrite(createPreview);
export const useRevokePreview = () => usePreviewWrite(revokePreview);
