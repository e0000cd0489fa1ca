import { BadGatewayError, GatewayTimeoutError } from '../../errors';
import type { Logger } from '../../logger';
import { abortableDelay } from './abortable-delay';
import { FORMAT_LADDER } from './article-prompt';
import { failureMessageKey, type LlmTask } from './failure-messages';
import {
  LlmUpstreamError,
  type ChatMessage,
  type LlmProvider,
  type ResponseFormat,
  type UpstreamFailure,
} from './llm.provider';

export type LlmTuning = {
  /** Deadline for one generation, all attempts included, from the request's arrival (60 s in production). */
  timeoutMs: number;
  /** Wait before the single retry after a 429/5xx, unless the server asks for less. */
  retryDelayMs: number;
  /** The longest `retry-after` the service is willing to honour. */
  maxRetryDelayMs: number;
};

export const DEFAULT_LLM_TUNING: LlmTuning = {
  timeoutMs: 60_000,
  retryDelayMs: 1_000,
  maxRetryDelayMs: 5_000,
};

/** What is asked of the model: the task (for failure messages) and its formats, strongest first. */
export type CompletionRequest = { task: LlmTask; ladder: readonly ResponseFormat[] };

const ARTICLE_REQUEST: CompletionRequest = { task: 'article', ladder: FORMAT_LADDER };

/**
 * One completion, made robust: starts with the strongest response format the
 * server has accepted so far and steps down when it rejects one, retries
 * exactly once on 429/5xx, and turns every other failure into a 502 whose
 * message tells the admin what to do (a 504 when the model did not answer
 * before the deadline). `signal` carries the overall deadline. Every task's
 * ladder has the same rungs (JSON schema, JSON mode, plain text), so what the
 * server accepts is remembered across tasks.
 */
export function createResilientCompletion({
  logger,
  tuning,
}: {
  logger: Logger;
  tuning: LlmTuning;
}) {
  let formatRung = 0;

  return async function complete(
    llm: LlmProvider,
    messages: ChatMessage[],
    signal: AbortSignal,
    started: number,
    { task, ladder }: CompletionRequest = ARTICLE_REQUEST,
  ): Promise<string> {
    let retriesLeft = 1;
    // At most: every format rung, plus the one retry.
    for (let attempt = 1; attempt <= ladder.length + 1; attempt++) {
      const rung = formatRung;
      const format = ladder[rung]!;
      const timeoutMs = Math.max(tuning.timeoutMs - (Date.now() - started), 1);
      try {
        return await llm.complete(messages, { format, signal, timeoutMs });
      } catch (err) {
        if (!(err instanceof LlmUpstreamError)) throw err;
        const log = {
          provider: llm.name,
          model: llm.model,
          attempt,
          format: format.type,
          kind: err.kind,
          ...err.info,
        };
        if (err.kind === 'format_rejected' && rung < ladder.length - 1) {
          // One step below the format this call tried: calls running side by side (a
          // translation's languages) that were each refused the same format step down once.
          formatRung = Math.max(formatRung, rung + 1);
          logger.info(
            { ...log, next: ladder[formatRung]!.type },
            'LLM server rejected the response format; stepping down',
          );
          continue;
        }
        if (err.retryable && retriesLeft > 0) {
          retriesLeft--;
          const waitMs = Math.min(
            err.info.retryAfterMs ?? tuning.retryDelayMs,
            tuning.maxRetryDelayMs,
          );
          logger.warn({ ...log, waitMs, upstream: err.message }, 'LLM call failed; retrying once');
          await abortableDelay(waitMs, signal).catch(() => undefined);
          if (!signal.aborted) continue;
          const timedOut =
            signal.reason instanceof DOMException && signal.reason.name === 'TimeoutError';
          throw upstreamFailure(timedOut ? 'timeout' : 'aborted', task);
        }
        logger.warn({ ...log, upstream: err.message }, 'LLM call failed');
        throw upstreamFailure(err.kind, task);
      }
    }
    throw new BadGatewayError(failureMessageKey('bad_request', task));
  };
}

/** 504 when the model did not answer in time, 502 for every other upstream failure. */
function upstreamFailure(
  kind: UpstreamFailure,
  task: LlmTask,
): BadGatewayError | GatewayTimeoutError {
  return kind === 'timeout'
    ? new GatewayTimeoutError(failureMessageKey(kind, task))
    : new BadGatewayError(failureMessageKey(kind, task));
}
