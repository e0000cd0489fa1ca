import type { LlmStatus } from '#shared/llm';
import { api } from '../../../../common/api';

/** `GET /api/llm/llm-status`: whether AI drafting is configured, and with what. */
export function getLlmStatus(signal?: AbortSignal): Promise<LlmStatus> {
  return api<LlmStatus>('/llm/llm-status', { signal });
}
