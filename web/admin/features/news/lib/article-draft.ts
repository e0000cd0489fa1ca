import {
  ARTICLE_TEXT_FIELDS,
  otherLanguages,
  type ArticleText,
  type ArticleTranslations,
} from '#shared/article-languages';
import { DEFAULT_LANGUAGE, type Language } from '#shared/languages';
import type { GeneratedArticle } from '#shared/llm';
import type { Article } from '#shared/news';
import { ArticleInputSchema, type ArticlePayload } from '#shared/news-schema';
import { slugify } from '#shared/slug';
import { fieldErrors } from '#shared/validation';
import { scheduledInput } from './schedule';

/**
 * What the article form edits: every field as the user typed it. The
 * top-level title, excerpt and content are the source text (in
 * `source_language`); `translations` holds the text of each other language,
 * blank where the article has none.
 */
export type ArticleDraft = {
  title: string;
  excerpt: string;
  content: string;
  category: string;
  slug: string;
  image_url: string;
  /** The image's description in the source language. */
  image_alt: string;
  /** Its description in each translation the article has (see ImageAltFields). */
  image_alts: Partial<Record<Language, string>>;
  published: boolean;
  /** Publication time chosen in the form (`datetime-local`, the admin's zone); null: not scheduled. */
  schedule_at: string | null;
  source_language: Language;
  translations: Partial<Record<Language, ArticleText>>;
};

export type DraftField = Exclude<keyof ArticleDraft, 'translations'>;
export type TextField = keyof ArticleText;

/** Display errors by field: `title` for the source, `translations.pt.title` for a translation. */
export type DraftErrors = Partial<Record<string, string>>;

export const REQUIRED_FIELDS = ['title', 'excerpt', 'content', 'category', 'slug'] as const;

export const blankText: ArticleText = { title: '', excerpt: '', content: '' };

export const emptyDraft: ArticleDraft = {
  ...blankText,
  category: '',
  slug: '',
  image_url: '',
  image_alt: '',
  image_alts: {},
  published: false,
  schedule_at: null,
  source_language: DEFAULT_LANGUAGE,
  translations: {},
};

const textOf = ({ title, excerpt, content }: ArticleText): ArticleText => ({
  title,
  excerpt,
  content,
});

export function draftFromArticle(article: Article): ArticleDraft {
  const { category, slug, image_url, published, source_language } = article;
  const translations = (article.translations ?? {}) as ArticleTranslations;
  return {
    ...textOf(article),
    category,
    slug,
    image_url: image_url ?? '',
    image_alt: article.image_alt ?? '',
    image_alts: Object.fromEntries(
      Object.entries(translations).map(([language, text]) => [language, text.image_alt ?? '']),
    ),
    published,
    schedule_at: scheduledInput(article),
    source_language,
    translations: Object.fromEntries(
      Object.entries(translations).map(([language, text]) => [language, textOf(text)]),
    ),
  };
}

/** AI drafts always start unpublished (spec), in the language they were written in. */
export function draftFromGenerated(generated: GeneratedArticle, language: Language): ArticleDraft {
  const { category, slug, image_url } = generated;
  return {
    ...emptyDraft,
    ...textOf(generated),
    category,
    slug,
    image_url: image_url ?? '',
    source_language: language,
  };
}

/** The text the form shows for `language`: the source text, a translation, or blank. */
export function textIn(draft: ArticleDraft, language: Language): ArticleText {
  return language === draft.source_language
    ? textOf(draft)
    : (draft.translations[language] ?? blankText);
}

export const isBlank = (text: ArticleText) =>
  ARTICLE_TEXT_FIELDS.every((field) => text[field].trim() === '');

/**
 * The draft with another source language: the texts change places, so the
 * new source's translation becomes the top-level text and the old source
 * text its translation. Nothing typed is lost.
 */
export function withSourceLanguage(draft: ArticleDraft, language: Language): ArticleDraft {
  if (language === draft.source_language) return draft;
  const { [language]: next = blankText, ...others } = draft.translations;
  const old = textOf(draft);
  return {
    ...draft,
    ...next,
    source_language: language,
    translations: { ...others, ...(isBlank(old) ? {} : { [draft.source_language]: old }) },
  };
}

const sameText = (a: ArticleText, b: ArticleText) =>
  ARTICLE_TEXT_FIELDS.every((field) => a[field] === b[field]);

/** Whether the form holds exactly `saved` (the article as stored, or an empty form). */
export function isUnchanged(draft: ArticleDraft, saved: ArticleDraft): boolean {
  const fields = (Object.keys(saved) as (keyof ArticleDraft)[]).filter((f) => f !== 'translations');
  return (
    fields.every((field) => JSON.stringify(draft[field]) === JSON.stringify(saved[field])) &&
    otherLanguages(draft.source_language).every((language) =>
      sameText(textIn(draft, language), textIn(saved, language)),
    )
  );
}

/** The slug follows the title until the user edits it; a slug that already matches keeps following. */
export function slugFollowsTitle(draft: ArticleDraft): boolean {
  return draft.slug === slugify(draft.title);
}

export type DraftCheck =
  | { ok: true; payload: ArticlePayload }
  | { ok: false; missingRequired: boolean; errors: Record<string, string> };

/**
 * Checks the draft with the shared schema; error values are translation
 * keys. A translation left blank is removed (null); one partly filled must
 * be completed like the source.
 */
export function checkDraft(draft: ArticleDraft): DraftCheck {
  const translations = Object.fromEntries(
    otherLanguages(draft.source_language).map((language) => {
      const text = textIn(draft, language);
      return [language, isBlank(text) ? null : { ...text, image_alt: draft.image_alts[language] }];
    }),
  );
  const parsed = ArticleInputSchema.safeParse({ ...draft, translations });
  if (parsed.success) return { ok: true, payload: parsed.data };
  const missingRequired =
    REQUIRED_FIELDS.some((field) => draft[field].trim() === '') ||
    Object.values(translations).some(
      (text) => text !== null && ARTICLE_TEXT_FIELDS.some((field) => text[field].trim() === ''),
    );
  return { ok: false, missingRequired, errors: fieldErrors(parsed.error) };
}

/** The display errors of one language's text fields (and the shared category), by plain field name. */
export function textErrors(
  errors: DraftErrors,
  source: Language,
  language: Language,
): Partial<Record<TextField | 'category', string>> {
  const prefix = language === source ? '' : `translations.${language}.`;
  const pick = (field: TextField) => errors[`${prefix}${field}`];
  return {
    title: pick('title'),
    excerpt: pick('excerpt'),
    content: pick('content'),
    category: errors.category,
  };
}

/** The languages with an error in their text fields. */
export function invalidLanguages(errors: DraftErrors, source: Language): Set<Language> {
  const out = new Set<Language>();
  for (const [key, message] of Object.entries(errors)) {
    if (!message) continue;
    const match = /^translations\.(en|pt|de)\./.exec(key);
    if (match) out.add(match[1] as Language);
    else if (ARTICLE_TEXT_FIELDS.some((field) => field === key)) out.add(source);
  }
  return out;
}
