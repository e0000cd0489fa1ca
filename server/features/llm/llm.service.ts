import type { GeneratedArticle, LlmStatus } from '#shared/llm';
import type { Language } from '#shared/languages';
import { slugify, uniqueSlug } from '#shared/slug';
import { BadGatewayError, ServiceUnavailableError } from '../../errors';
import type { Logger } from '../../logger';
import type { NewsService } from '../news/news.service';
import { articleMessages, FORMAT_LADDER } from './article-prompt';
import { parseAnswer, pickCategory } from './article-answer';
import type { LlmProvider } from './llm.provider';
import { LlmUpstreamError } from './llm.provider';
import { failureMessageKey } from './failure-messages';
import { abortableDelay } from './abortable-delay';

export type LlmTuning = {
  /** Deadline for one generation, all attempts included (60 s in production). */
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

export type GenerateInput = { prompt: string; category?: string; language: Language };

export type LlmService = {
  status(): LlmStatus;
  generate(input: GenerateInput, signal?: AbortSignal): Promise<GeneratedArticle>;
};

type Deps = {
  provider: LlmProvider | null;
  news: Pick<NewsService, 'slugTaken'>;
  logger: Logger;
  tuning: LlmTuning;
};

/**
 * Drafts an article with the configured language model: asks for strict JSON,
 * steps down to weaker response formats when the server rejects one, retries
 * once on 429/5xx, validates the answer and gives it a free slug.
 */
export function createLlmService({ provider, news, logger, tuning }: Deps): LlmService {
  // The strongest response format the server has accepted so far.
  let formatRung = 0;

  async function complete(
    llm: LlmProvider,
    input: GenerateInput,
    signal: AbortSignal,
    started: number,
  ) {
    let retriesLeft = 1;
    for (let attempt = 1; attempt <= FORMAT_LADDER.length + 1; attempt++) {
      const format = FORMAT_LADDER[formatRung]!;
      const remaining = tuning.timeoutMs - (Date.now() - started);
      try {
        return await llm.complete(articleMessages(input), {
          format,
          signal,
          timeoutMs: Math.max(remaining, 1),
        });
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
        if (err.kind === 'format_rejected' && formatRung < FORMAT_LADDER.length - 1) {
          formatRung++;
          logger.info(
            { ...log, next: FORMAT_LADDER[formatRung]!.type },
            'LLM server rejected the response format; stepping down',
          );
          continue;
        }
        if (err.retryable && retriesLeft > 0) {
          retriesLeft--;
          const wait = Math.min(
            err.info.retryAfterMs ?? tuning.retryDelayMs,
            tuning.maxRetryDelayMs,
          );
          logger.warn(
            { ...log, waitMs: wait, upstream: err.message },
            'LLM call failed; retrying once',
          );
          await abortableDelay(wait, signal).catch(() => undefined);
          if (!signal.aborted) continue;
          throw new BadGatewayError(
            failureMessageKey(signal.reason?.name === 'TimeoutError' ? 'timeout' : 'aborted'),
          );
        }
        logger.warn({ ...log, upstream: err.message }, 'LLM call failed');
        throw new BadGatewayError(failureMessageKey(err.kind));
      }
    }
    throw new BadGatewayError(failureMessageKey('bad_request'));
  }

  return {
    status() {
      return provider
        ? { configured: true, provider: provider.name, model: provider.model }
        : { configured: false, provider: null, model: null };
    },

    async generate(input, clientSignal) {
      if (!provider) throw new ServiceUnavailableError('llm.errors.notConfigured');
      const started = Date.now();
      const deadline = AbortSignal.timeout(tuning.timeoutMs);
      const signal = clientSignal ? AbortSignal.any([deadline, clientSignal]) : deadline;
      const text = await complete(provider, input, signal, started);
      const answer = parseAnswer(text);
      if (!answer) {
        logger.warn(
          { provider: provider.name, model: provider.model, chars: text.length },
          'LLM answer is not a valid article',
        );
        throw new BadGatewayError(failureMessageKey('invalid_answer'));
      }
      const slug = await uniqueSlug(slugify(answer.slug ?? '') || answer.title, (s) =>
        news.slugTaken(s),
      );
      logger.info(
        { provider: provider.name, model: provider.model, ms: Date.now() - started, slug },
        'LLM drafted an article',
      );
      return {
        title: answer.title,
        excerpt: answer.excerpt,
        content: answer.content,
        category: pickCategory(input.category, answer.category),
        slug,
        ...(answer.image_url ? { image_url: answer.image_url } : {}),
      };
    },
  };
}
