import type { GeneratedArticle, LlmStatus } from '#shared/llm';
import type { Language } from '#shared/languages';
import { slugify, uniqueSlug } from '#shared/slug';
import { BadGatewayError, ServiceUnavailableError } from '../../errors';
import type { Logger } from '../../logger';
import type { NewsService } from '../news/news.service';
import { parseAnswer, pickCategory } from './article-answer';
import { articleMessages } from './article-prompt';
import { failureMessageKey } from './failure-messages';
import type { LlmProvider } from './llm.provider';
import { createResilientCompletion, type LlmTuning } from './resilient-completion';

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
 * Drafts a news article with the configured language model, under one
 * deadline: asks for it, validates the answer and gives it a free slug.
 */
export function createLlmService({ provider, news, logger, tuning }: Deps): LlmService {
  const complete = createResilientCompletion({ logger, tuning });

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
      const about = { provider: provider.name, model: provider.model };

      const text = await complete(provider, articleMessages(input), signal, started);
      const answer = parseAnswer(text);
      if (!answer) {
        logger.warn({ ...about, chars: text.length }, 'LLM answer is not a valid article');
        throw new BadGatewayError(failureMessageKey('invalid_answer'));
      }
      const slug = await uniqueSlug(slugify(answer.slug ?? '') || answer.title, (s) =>
        news.slugTaken(s),
      );
      logger.info({ ...about, ms: Date.now() - started, slug }, 'LLM drafted an article');
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
