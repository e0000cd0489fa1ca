import type { UpstreamFailure } from './llm.provider';

/**
 * The message (a key under `llm.errors` in the catalogues) an admin sees for
 * each way a draft or a translation can fail upstream: what happened and what to do.
 */
const KEYS: Record<UpstreamFailure | 'invalid_answer', string> = {
  timeout: 'llm.errors.timeout',
  aborted: 'llm.errors.timeout',
  rate_limited: 'llm.errors.upstreamRateLimited',
  server_error: 'llm.errors.upstreamError',
  connection: 'llm.errors.unreachable',
  auth: 'llm.errors.credentials',
  not_found: 'llm.errors.modelNotFound',
  format_rejected: 'llm.errors.rejected',
  bad_request: 'llm.errors.rejected',
  refusal: 'llm.errors.refused',
  truncated: 'llm.errors.truncated',
  empty: 'llm.errors.invalidAnswer',
  invalid_answer: 'llm.errors.invalidAnswer',
};

/** Where a translation fails differently from a draft, the message says so. */
const TRANSLATION_KEYS: Partial<typeof KEYS> = {
  refusal: 'llm.errors.translationRefused',
  truncated: 'llm.errors.translationTruncated',
  empty: 'llm.errors.invalidTranslation',
  invalid_answer: 'llm.errors.invalidTranslation',
};

/** Where a drafted reply fails differently from an article draft. */
const REPLY_KEYS: Partial<typeof KEYS> = {
  refusal: 'llm.errors.replyRefused',
  empty: 'llm.errors.invalidReply',
  invalid_answer: 'llm.errors.invalidReply',
};

/** What the model was asked for. */
export type LlmTask = 'article' | 'translation' | 'reply';

export function failureMessageKey(
  kind: UpstreamFailure | 'invalid_answer',
  task: LlmTask = 'article',
): string {
  const special =
    task === 'translation' ? TRANSLATION_KEYS : task === 'reply' ? REPLY_KEYS : undefined;
  return special?.[kind] ?? KEYS[kind];
}
