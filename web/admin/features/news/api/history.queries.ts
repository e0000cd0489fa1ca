import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CreatedPreviewLink, PreviewLink } from '#shared/previews';
import type { Revision } from '#shared/revisions';
import type { AdminArticle } from '#shared/news';
import { api } from '../../../../common/api';
import { DOCUMENT_API, useDocumentKind } from '../lib/document-kind';
import { historyKeys, newsKeys } from './news.queries';
import { pagesKeys } from './pages.queries';

/*
 * Each call is made under `base`: `/news` for an article, `/pages` for a
 * page (see document-kind.ts); the hooks take it from the editor's kind.
 */
type At = { base: string; id: number };

/** `GET /api/news/{id}/revisions`: newest first, every language, each with its diff. */
export function getRevisions({ base, id }: At, signal?: AbortSignal): Promise<Revision[]> {
  return api<Revision[]>(`${base}/${id}/revisions`, { signal });
}

/** `POST /api/news/{id}/revisions/{revisionId}/restore`: the text saved again, as a new revision. */
export function restoreRevision({ base, id, revisionId }: At & { revisionId: number }) {
  return api<AdminArticle>(`${base}/${id}/revisions/${revisionId}/restore`, { method: 'POST' });
}

/** `GET /api/news/{id}/previews`: the share links still working. */
export function getPreviews({ base, id }: At, signal?: AbortSignal): Promise<PreviewLink[]> {
  return api<PreviewLink[]>(`${base}/${id}/previews`, { signal });
}

/** `POST /api/news/{id}/previews`: a new share link; its address is shown only now. */
export function createPreview({ base, id, days }: At & { days: number }) {
  return api<CreatedPreviewLink>(`${base}/${id}/previews`, {
    method: 'POST',
    body: { expires_in_days: days },
  });
}

/** `DELETE /api/news/{id}/previews/{previewId}`: the link stops working at once. */
export function revokePreview({ base, id, previewId }: At & { previewId: number }) {
  return api<{ id: number }>(`${base}/${id}/previews/${previewId}`, { method: 'DELETE' });
}

export function useRevisions(id: number) {
  const base = DOCUMENT_API[useDocumentKind()];
  return useQuery({
    queryKey: historyKeys.revisions(id),
    queryFn: ({ signal }) => getRevisions({ base, id }, signal),
    meta: { failureKey: 'admin.errors.loadData' },
  });
}

/** A restore is a save: the list (of articles or pages) and the history are read again. */
export function useRestoreRevision() {
  const client = useQueryClient();
  const kind = useDocumentKind();
  return useMutation({
    mutationFn: (v: { id: number; revisionId: number }) =>
      restoreRevision({ ...v, base: DOCUMENT_API[kind] }),
    onSuccess: (_article, { id }) =>
      Promise.all([
        client.invalidateQueries({
          queryKey: kind === 'page' ? pagesKeys.list : newsKeys.adminList,
        }),
        client.invalidateQueries({ queryKey: historyKeys.revisions(id) }),
      ]),
  });
}

export function usePreviews(id: number) {
  const base = DOCUMENT_API[useDocumentKind()];
  return useQuery({
    queryKey: historyKeys.previews(id),
    queryFn: ({ signal }) => getPreviews({ base, id }, signal),
    meta: { failureKey: 'admin.errors.loadData' },
  });
}

function usePreviewWrite<V extends { id: number }, R>(
  mutationFn: (variables: V & { base: string }) => Promise<R>,
) {
  const client = useQueryClient();
  const base = DOCUMENT_API[useDocumentKind()];
  return useMutation({
    mutationFn: (variables: V) => mutationFn({ ...variables, base }),
    onSuccess: (_r, { id }) => client.invalidateQueries({ queryKey: historyKeys.previews(id) }),
  });
}

export const useCreatePreview = () =>
  usePreviewWrite<{ id: number; days: number }, CreatedPreviewLink>(createPreview);
export const useRevokePreview = () =>
  usePreviewWrite<{ id: number; previewId: number }, { id: number }>(revokePreview);
