import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import type { ArticleText } from '#shared/article-languages';
import type { Language } from '#shared/languages';
import type { GeneratedArticle, GenerateRequest, LlmStatus, TranslatedArticle } from '#shared/llm';
import { api } from '../../../../common/api';

export const llmKeys = { status: ['llm', 'status'] as const };

/** `GET /api/llm/llm-status`: whether AI drafting is configured, and with what. */
export function getLlmStatus(signal?: AbortSignal): Promise<LlmStatus> {
  return api<LlmStatus>('/llm/llm-status', { signal });
}

/** `POST /api/llm/generate-news-content`: a drafted article to review before saving. */
export function generateNewsContent({
  request,
  signal,
}: {
  request: GenerateRequest;
  /** Closing the AI modal cancels the call. */
  signal?: AbortSignal;
}): Promise<GeneratedArticle> {
  return api<GeneratedArticle>('/llm/generate-news-content', {
    method: 'POST',
    body: request,
    signal,
  });
}

export const llmStatusQuery = () =>
  queryOptions({ queryKey: llmKeys.status, queryFn: ({ signal }) => getLlmStatus(signal) });

/** What the dashboard knows about AI drafting: still asking, the answer, or that asking failed. */
export type LlmAvailability = LlmStatus | 'checking' | 'unknown';

/**
 * Asked when the news manager opens. A failed call is not read as
 * "not configured": the dashboard only knows it could not find out.
 */
export function useLlmStatus(): LlmAvailability {
  const status = useQuery(llmStatusQuery());
  if (status.isPending) return 'checking';
  return status.isError ? 'unknown' : status.data;
}

/** A draft is not stored, so there is nothing to invalidate. */
export function useGenerateNewsContent() {
  return useMutation({ mutationFn: generateNewsContent });
}

/**
 * `POST /api/llm/translate-news` for one target language: a draft of the
 * source text in `to` for review (null if the answer lacks it). Nothing is stored.
 */
export async function translateNews({
  source,
  from,
  to,
  signal,
}: {
  source: ArticleText;
  from: Language;
  to: Language;
  signal?: AbortSignal;
}): Promise<ArticleText | null> {
  const { translations } = await api<TranslatedArticle>('/llm/translate-news', {
    method: 'POST',
    body: { ...source, from, to: [to] },
    signal,
  });
  return translations[to] ?? null;
}
