import { z } from 'zod';
import './zod-setup';
import type { ArticleText } from './article-languages';
import { LANGUAGES, type Language } from './languages';
import { ArticleTextSchema } from './news-schema';
import { SITE_TEXT_MAX_LENGTH } from './site-texts';
import { cleanText } from './text';

/** Categories the AI modal offers, plus "let the model choose". */
export const AI_CATEGORIES = ['AI Innovation', 'Partnership', 'Technology', 'Industry'] as const;
export const AI_PROMPT_MAX_LENGTH = 2000;

export const GenerateRequestSchema = z.object({
  prompt: cleanText('multi-line', 'validation.prompt.required').pipe(
    z
      .string()
      .min(1, 'validation.prompt.required')
      .max(AI_PROMPT_MAX_LENGTH, 'validation.prompt.max'),
  ),
  category: z.preprocess(
    (v) => (v === '' || v === null ? undefined : v),
    z.enum(AI_CATEGORIES, { error: 'validation.category.invalid' }).optional(),
  ),
  language: z.enum(LANGUAGES, { error: 'validation.language.invalid' }).optional(),
  /** A news article (the default) or a page of the site (About us, Careers). */
  kind: z.enum(['article', 'page'], { error: 'validation.kind.invalid' }).optional(),
});

export type GenerateRequest = z.input<typeof GenerateRequestSchema>;

export type GeneratedArticle = {
  title: string;
  excerpt: string;
  content: string;
  category: string;
  slug: string;
  image_url?: string;
};

const language = z.enum(LANGUAGES, { error: 'validation.language.invalid' });

/**
 * `POST /api/llm/translate-news`: an article's (or page's) text in `from`,
 * to be drafted in each language of `to` (one language or a list; never
 * `from`). The texts follow the article's own rules, so every translation
 * fits them too; a page may come without an excerpt (its translations then
 * have none either).
 */
export const TranslateRequestSchema = ArticleTextSchema.extend({
  excerpt: cleanText('multi-line', 'validation.excerpt.invalid').pipe(
    z.string().max(500, 'validation.excerpt.max'),
  ),
  from: language,
  to: z.preprocess(
    (v) => (typeof v === 'string' ? [v] : v),
    z
      .array(language, { error: 'validation.translate.to' })
      .min(1, 'validation.translate.to')
      .transform((list) => [...new Set(list)]),
  ),
}).superRefine((request, ctx) => {
  if (request.to.includes(request.from)) {
    ctx.addIssue({ code: 'custom', path: ['to'], message: 'validation.translate.sameLanguage' });
  }
});

export type TranslateRequest = z.input<typeof TranslateRequestSchema>;

/** Drafts for review, by language; nothing is stored until the admin saves the article. */
export type TranslatedArticle = { translations: Partial<Record<Language, ArticleText>> };

export type LlmStatus = {
  configured: boolean;
  provider: 'azure' | 'openai' | null;
  model: string | null;
};

/** Most texts one `POST /api/llm/translate-texts` takes (a group of the admin's site texts). */
export const TRANSLATE_TEXTS_MAX = 80;

/**
 * `POST /api/llm/translate-texts`: site texts by key, written in `from`, to be
 * drafted in each language of `to` (never `from`); every `{{placeholder}}` is
 * kept. Nothing is stored.
 */
export const TranslateTextsRequestSchema = z
  .object({
    from: language,
    to: z.preprocess(
      (v) => (typeof v === 'string' ? [v] : v),
      z
        .array(language, { error: 'validation.translate.to' })
        .min(1, 'validation.translate.to')
        .transform((list) => [...new Set(list)]),
    ),
    texts: z
      .record(
        z.string().max(200),
        cleanText('multi-line', 'admin.siteTexts.errors.text').pipe(
          z
            .string()
            .min(1, 'admin.siteTexts.errors.text')
            .max(SITE_TEXT_MAX_LENGTH, 'admin.siteTexts.errors.max'),
        ),
        { error: 'admin.siteTexts.errors.values' },
      )
      .refine((texts) => {
        const count = Object.keys(texts).length;
        return count > 0 && count <= TRANSLATE_TEXTS_MAX;
      }, 'admin.siteTexts.errors.values'),
  })
  .superRefine((request, ctx) => {
    if (request.to.includes(request.from)) {
      ctx.addIssue({ code: 'custom', path: ['to'], message: 'validation.translate.sameLanguage' });
    }
  });

export type TranslateTextsRequest = z.input<typeof TranslateTextsRequestSchema>;

/** Drafts for review, by language and key; nothing is stored until the admin saves them. */
export type TranslatedTexts = { translations: Partial<Record<Language, Record<string, string>>> };
