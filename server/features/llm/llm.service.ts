import type { ArticleText } from '#shared/article-languages';
import { replyAround, type DraftedReply, type ReplyTemplate } from '#shared/contact-thread';
import type { GeneratedArticle, LlmStatus, TranslatedArticle, TranslatedTexts } from '#shared/llm';
import type { Language } from '#shared/languages';
import { slugify, uniqueSlug } from '#shared/slug';
import { BadGatewayError, ServiceUnavailableError } from '../../errors';
import type { Logger } from '../../logger';
import type { NewsService } from '../news/news.service';
import { parseAnswer, pickCategory } from './article-answer';
import { articleMessages } from './article-prompt';
import { failureMessageKey } from './failure-messages';
import type { ChatMessage, LlmProvider } from './llm.provider';
import {
  createResilientCompletion,
  type CompletionRequest,
  type LlmTuning,
} from './resilient-completion';
import { parseReply, REPLY_FORMAT_LADDER, replyMessages, type ReplyBrief } from './reply-prompt';
import { parseTranslation } from './translation-answer';
import { TRANSLATION_FORMAT_LADDER, translationMessages } from './translation-prompt';
import { parseTextsTranslation, textsFormatLadder, textsMessages } from './texts-translation';

export type GenerateInput = {
  prompt: string;
  category?: string;
  language: Language;
  /** A page of the site rather than a news article (article-prompt.ts). */
  kind?: 'article' | 'page';
};
export type TranslateInput = { text: ArticleText; from: Language; to: Language[] };
export type TranslateTextsInput = { texts: Record<string, string>; from: Language; to: Language[] };

/**
 * The request a call answers: `signal` aborts it (the admin went away), and
 * its deadline (`tuning.timeoutMs`) counts from `arrived` (Date.now() when the
 * request came in; now unless given), so the time spent before the model is
 * asked (loading the provider, the enquiry's reads) is inside it, as it is
 * inside the reverse proxy's own limit.
 */
export type LlmCall = { signal?: AbortSignal; arrived?: number };

export type LlmService = {
  status(): LlmStatus;
  generate(input: GenerateInput, call?: LlmCall): Promise<GeneratedArticle>;
  /** Drafts the article in each target language (one model call each); stores nothing. */
  translate(input: TranslateInput, call?: LlmCall): Promise<TranslatedArticle>;
  /** Drafts site texts in each target language (one model call each); stores nothing. */
  translateTexts(input: TranslateTextsInput, call?: LlmCall): Promise<TranslatedTexts>;
  /**
   * Drafts a reply to an enquiry in its language, from the enquiry and the
   * team's notes, between the greeting and signature of the company's
   * templates (as `sender` would send it); nothing is sent or stored.
   */
  draftReply(contactId: number, sender: ReplySender, call?: LlmCall): Promise<DraftedReply>;
};

/** The signed-in colleague a drafted reply is signed by (their display name, else username). */
export type ReplySender = { id: number; username: string };

/** What a drafted reply is made from: the enquiry with its notes, and the reply's template. */
export type ReplySources = {
  draftContext(id: number): Promise<ReplyBrief>;
  templateFor(id: number, sender: ReplySender): Promise<ReplyTemplate>;
};

type Deps = {
  provider: LlmProvider | null;
  news: Pick<NewsService, 'slugTaken'>;
  /** The enquiries (for replies); without them, drafting a reply is not offered. */
  enquiries?: ReplySources;
  logger: Logger;
  tuning: LlmTuning;
};

/**
 * Drafts and translates news articles with the configured language model,
 * each request under one deadline: asks, validates the answer and, for a
 * draft, gives it a free slug.
 */
export function createLlmService({ provider, news, enquiries, logger, tuning }: Deps): LlmService {
  const complete = createResilientCompletion({ logger, tuning });

  /** The deadline of one request, from its arrival, joined with the admin going away. */
  function deadline(arrived: number, signal?: AbortSignal): AbortSignal {
    const timeout = AbortSignal.timeout(Math.max(tuning.timeoutMs - (Date.now() - arrived), 0));
    return signal ? AbortSignal.any([timeout, signal]) : timeout;
  }

  /**
   * One model call per target language, all under one deadline; one failed
   * language stops the others and the request answers 502 at once.
   */
  async function eachLanguage<T>(
    { from, to }: { from: Language; to: Language[] },
    call: LlmCall,
    what: string,
    ask: (target: Language) => {
      messages: ChatMessage[];
      request: CompletionRequest;
      parse: (answer: string) => T | null;
    },
  ): Promise<Partial<Record<Language, T>>> {
    const started = call.arrived ?? Date.now();
    if (!provider) throw new ServiceUnavailableError('llm.errors.notConfigured');
    await provider.prepare?.();
    const failed = new AbortController();
    const signal = AbortSignal.any([deadline(started, call.signal), failed.signal]);
    const about = { provider: provider.name, model: provider.model, from };
    const one = async (target: Language): Promise<[Language, T]> => {
      const { messages, request, parse } = ask(target);
      const answer = parse(await complete(provider, messages, signal, started, request));
      if (!answer) {
        logger.warn({ ...about, to: target }, 'LLM answer is not a valid translation');
        throw new BadGatewayError(failureMessageKey('invalid_answer', 'translation'));
      }
      return [target, answer];
    };
    try {
      const done = await Promise.all(to.map(one));
      logger.info({ ...about, to, ms: Date.now() - started }, `LLM translated ${what}`);
      return Object.fromEntries(done) as Partial<Record<Language, T>>;
    } catch (error) {
      failed.abort();
      throw error;
    }
  }

  return {
    status() {
      return provider
        ? { configured: true, provider: provider.name, model: provider.model }
        : { configured: false, provider: null, model: null };
    },

    async generate(input, call = {}) {
      const started = call.arrived ?? Date.now();
      if (!provider) throw new ServiceUnavailableError('llm.errors.notConfigured');
      await provider.prepare?.();
      const signal = deadline(started, call.signal);
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

    async draftReply(contactId, sender, call = {}) {
      const started = call.arrived ?? Date.now();
      if (!provider || !enquiries) throw new ServiceUnavailableError('llm.errors.notConfigured');
      const [brief, template] = await Promise.all([
        enquiries.draftContext(contactId),
        enquiries.templateFor(contactId, sender),
      ]);
      await provider.prepare?.();
      const about = { provider: provider.name, model: provider.model, to: brief.contact.language };
      const request = { task: 'reply', ladder: REPLY_FORMAT_LADDER } as const;
      const body = parseReply(
        await complete(
          provider,
          replyMessages(brief),
          deadline(started, call.signal),
          started,
          request,
        ),
      );
      if (!body) {
        logger.warn(about, 'LLM answer is not a usable reply');
        throw new BadGatewayError(failureMessageKey('invalid_answer', 'reply'));
      }
      logger.info({ ...about, ms: Date.now() - started }, 'LLM drafted a reply');
      return { message: replyAround(template, body) };
    },

    async translate({ text, from, to }, call = {}) {
      const request = { task: 'translation', ladder: TRANSLATION_FORMAT_LADDER } as const;
      const translations = await eachLanguage({ from, to }, call, 'an article', (target) => ({
        messages: translationMessages({ text, from, to: target }),
        request,
        // A page without an excerpt gets translations without one.
        parse: (answer) => parseTranslation(answer, { excerpt: text.excerpt.trim() !== '' }),
      }));
      return { translations };
    },

    async translateTexts({ texts, from, to }, call = {}) {
      const request = {
        task: 'translation',
        ladder: textsFormatLadder(Object.keys(texts)),
      } as const;
      const translations = await eachLanguage({ from, to }, call, 'site texts', (target) => ({
        messages: textsMessages({ texts, from, to: target }),
        request,
        parse: (answer: string) => parseTextsTranslation(answer, texts),
      }));
      return { translations };
    },
  };
}
