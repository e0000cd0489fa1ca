import type * as OpenAiSdk from 'openai';
import { LlmUpstreamError } from './llm.provider';

/** The SDK's error classes (the SDK itself is loaded with the first model call). */
export type SdkErrors = Pick<
  typeof OpenAiSdk,
  'APIConnectionError' | 'APIConnectionTimeoutError' | 'APIError' | 'APIUserAbortError'
>;

const MAX_MESSAGE = 300;

/**
 * Translates whatever the `openai` SDK threw into a provider-neutral failure.
 * Upstream messages can echo part of a key ("Incorrect API key provided:
 * sk-ab…"), so they are scrubbed before anyone can log them.
 */
export function toUpstreamError(
  err: unknown,
  signal: AbortSignal,
  secrets: string[],
  sdk: SdkErrors,
): LlmUpstreamError {
  const { APIConnectionError, APIConnectionTimeoutError, APIError, APIUserAbortError } = sdk;
  if (err instanceof LlmUpstreamError) return err;
  if (err instanceof APIUserAbortError || signal.aborted) {
    const timedOut = signal.reason instanceof DOMException && signal.reason.name === 'TimeoutError';
    return new LlmUpstreamError(
      timedOut ? 'timeout' : 'aborted',
      timedOut ? 'Deadline exceeded' : 'Request aborted',
    );
  }
  if (err instanceof APIConnectionTimeoutError)
    return new LlmUpstreamError('timeout', 'Request timed out');
  if (err instanceof APIConnectionError) {
    return new LlmUpstreamError('connection', scrub(causeMessage(err), secrets));
  }
  if (err instanceof APIError) {
    const status = err.status ?? 0;
    const message = scrub(err.message, secrets);
    const info = {
      status,
      requestId: err.requestID ?? undefined,
      retryAfterMs: retryAfter(err.headers),
    };
    if (status === 429) return new LlmUpstreamError('rate_limited', message, info);
    if (status >= 500) return new LlmUpstreamError('server_error', message, info);
    if (status === 401 || status === 403) return new LlmUpstreamError('auth', message, info);
    if (status === 404) return new LlmUpstreamError('not_found', message, info);
    if (
      err.code === 'content_filter' ||
      /content.?filter|content management policy/i.test(message)
    ) {
      return new LlmUpstreamError('refusal', message, info);
    }
    if (
      (status === 400 || status === 422) &&
      /response_format|json_schema|json_object|structured output/i.test(message)
    ) {
      return new LlmUpstreamError('format_rejected', message, info);
    }
    return new LlmUpstreamError('bad_request', message, info);
  }
  return new LlmUpstreamError(
    'connection',
    scrub(err instanceof Error ? err.message : String(err), secrets),
  );
}

function causeMessage(err: Error): string {
  const cause = err.cause instanceof Error ? `: ${err.cause.message}` : '';
  return `${err.message}${cause}`;
}

/** The wait a 429 asks for (`retry-after-ms` or `retry-after` seconds), if any. */
function retryAfter(headers: Headers | undefined): number | undefined {
  const ms = Number(headers?.get('retry-after-ms'));
  if (Number.isFinite(ms) && ms > 0) return ms;
  const seconds = Number(headers?.get('retry-after'));
  if (Number.isFinite(seconds) && seconds > 0) return seconds * 1000;
  return undefined;
}

/** Removes configured secrets and anything shaped like an OpenAI key (`sk-…`), and bounds the length. */
export function scrub(text: string, secrets: string[]): string {
  let out = text;
  for (const secret of secrets) if (secret.length >= 4) out = out.split(secret).join('[redacted]');
  out = out.replace(/\bsk-[A-Za-z0-9*._-]{4,}/g, '[redacted]');
  return out.length > MAX_MESSAGE ? `${out.slice(0, MAX_MESSAGE)}…` : out;
}
