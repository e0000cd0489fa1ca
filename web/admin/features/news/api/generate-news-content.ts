import type { GeneratedArticle, GenerateRequest } from '#shared/llm';
import { api } from '../../../../common/api';

/** `POST /api/llm/generate-news-content`: a drafted article to review before saving. */
export function generateNewsContent(
  request: GenerateRequest,
  signal?: AbortSignal,
): Promise<GeneratedArticle> {
  return api<GeneratedArticle>('/llm/generate-news-content', {
    method: 'POST',
    body: request,
    signal,
  });
}
