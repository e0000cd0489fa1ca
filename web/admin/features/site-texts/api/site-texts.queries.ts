import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Language } from '#shared/languages';
import type { TranslatedTexts } from '#shared/llm';
import type {
  SiteTextChanged,
  SiteTexts,
  SiteTextsPreviewRequest,
  SiteTextsUpdate,
} from '#shared/site-texts';
import { api } from '../../../../common/api';
import { withChanged } from '../lib/texts-draft';

export const siteTextsKeys = { all: ['site-texts'] as const };

/** `GET /api/site/texts`: every editable text, its catalogue texts and overrides. */
export const siteTextsQuery = () =>
  queryOptions({
    queryKey: siteTextsKeys.all,
    queryFn: ({ signal }) => api<SiteTexts>('/site/texts', { signal }),
    meta: { failureKey: 'admin.errors.loadData' },
  });

export function useSiteTextsQuery() {
  return useQuery(siteTextsQuery());
}

/** `PUT /api/site/texts`: the answer is the new list, put straight into the cache. */
export function useSaveSiteTexts() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: SiteTextsUpdate) => api<SiteTexts>('/site/texts', { method: 'PUT', body }),
    onSuccess: (texts) => client.setQueryData(siteTextsKeys.all, texts),
  });
}

/**
 * Shows the texts a colleague saved (a refused save's `current`) at once,
 * their values and versions in place, then reads every text again.
 */
export function useTakeChangedTexts() {
  const client = useQueryClient();
  return (changed: SiteTextChanged[]) => {
    client.setQueryData<SiteTexts>(
      siteTextsKeys.all,
      (texts) => texts && { texts: withChanged(texts.texts, changed) },
    );
    void client.invalidateQueries({ queryKey: siteTextsKeys.all });
  };
}

/** `POST /api/llm/translate-texts`: drafts of the texts in other languages, for review. */
export function translateTexts(
  body: { from: Language; to: Language[]; texts: Record<string, string> },
  signal?: AbortSignal,
): Promise<TranslatedTexts> {
  return api<TranslatedTexts>('/llm/translate-texts', { method: 'POST', body, signal });
}

/** `POST /api/site/preview`: the page as it would look with the unsaved texts. */
export async function previewTexts(
  body: SiteTextsPreviewRequest,
  signal?: AbortSignal,
): Promise<string> {
  return (await api<{ html: string }>('/site/preview', { method: 'POST', body, signal })).html;
}
