import {
  ARTICLE_TEXT_FIELDS,
  otherLanguages,
  SEARCH_FIELDS,
  type ArticleText,
  type ArticleTranslations,
} from '#shared/article-languages';
import { DEFAULT_LANGUAGE, type Language } from '#shared/languages';
import type { GeneratedArticle } from '#shared/llm';
import type { Article } from '#shared/news';
import type { AdminPage, PageNav } from '#shared/pages';
import { slugify } from '#shared/slug';
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
  /** Each translation's state: public or a draft, and the source text it was made from. */
  states: Partial<Record<Language, TranslationState>>;
  /** What search engines and link previews show, per language (the source's included). */
  search: Partial<Record<Language, SearchDraft>>;
  /** A page's place in the site's menus (pages only). */
  nav: PageNav;
};

/**
 * A translation's own state: `published` (visitors see it once the article
 * is public), and the SHA-256 of the source text it was made from
 * (shared/source-hash.ts), null when not known (saved before it was kept).
 */
export type TranslationState = { published: boolean; source_hash: string | null };

/** Search title, description and social image of one language, as typed (blank: none). */
export type SearchDraft = { seo_title: string; seo_description: string; social_image: string };

export const blankSearch: SearchDraft = { seo_title: '', seo_description: '', social_image: '' };

export type DraftField = Exclude<keyof ArticleDraft, 'translations'>;
export type TextField = keyof ArticleText;

/** Display errors by field: `title` for the source, `translations.pt.title` for a translation. */
export type DraftErrors = Partial<Record<string, string>>;

export const REQUIRED_FIELDS = ['title', 'excerpt', 'content', 'category', 'slug'] as const;
/** A page has no category, and its excerpt is optional. */
export const PAGE_REQUIRED_FIELDS = ['title', 'content', 'slug'] as const;

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
  states: {},
  search: {},
  nav: 'none',
};

const textOf = ({ title, excerpt, content }: ArticleText): ArticleText => ({
  title,
  excerpt,
  content,
});

const searchOf = (f: {
  seo_title: string | null;
  seo_description: string | null;
  social_image: string | null;
}): SearchDraft => ({
  seo_title: f.seo_title ?? '',
  seo_description: f.seo_description ?? '',
  social_image: f.social_image ?? '',
});

export function draftFromArticle(article: Article): ArticleDraft {
  const { category, slug, image_url, published, source_language } = article;
  const translations = (article.translations ?? {}) as ArticleTranslations;
  const entries = Object.entries(translations) as [Language, ArticleTranslations[Language]][];
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
    states: Object.fromEntries(
      entries.map(([l, t]) => [l, { published: t!.published, source_hash: t!.source_hash }]),
    ),
    search: {
      [source_language]: searchOf(article),
      ...Object.fromEntries(entries.map(([l, t]) => [l, searchOf(t!)])),
    },
    nav: 'none',
  };
}

/** A page as the form edits it: an article's draft without a category, an empty excerpt for none. */
export function draftFromPage(page: AdminPage): ArticleDraft {
  const translations = Object.fromEntries(
    Object.entries(page.translations).map(([l, t]) => [l, { ...t, excerpt: t.excerpt ?? '' }]),
  );
  const asArticle = { ...page, excerpt: page.excerpt ?? '', category: '', translations };
  return { ...draftFromArticle(asArticle as Article), nav: page.nav };
}

/** AI drafts always start unpublished, in the language they were written in. */
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
 * The draft with another source language: the texts and the image's
 * descriptions change places, so the new source's translation becomes the
 * top-level text and the old source text its translation. Nothing typed is
 * lost.
 */
export function withSourceLanguage(draft: ArticleDraft, language: Language): ArticleDraft {
  if (language === draft.source_language) return draft;
  const { [language]: next = blankText, ...others } = draft.translations;
  const { [language]: nextAlt = '', ...otherAlts } = draft.image_alts;
  const old = textOf(draft);
  const kept = !isBlank(old);
  return {
    ...draft,
    ...next,
    source_language: language,
    translations: { ...others, ...(kept ? { [draft.source_language]: old } : {}) },
    image_alt: nextAlt,
    image_alts: {
      ...otherAlts,
      ...(draft.image_alt === '' ? {} : { [draft.source_language]: draft.image_alt }),
    },
    // The new source's state as a translation is kept (unused while it is the source), so
    // switching back restores it. The old source, now a translation, is as public as the
    // article, and what it was made from is not known, unless it was a translation before.
    states: {
      ...draft.states,
      ...(kept
        ? {
            [draft.source_language]: draft.states[draft.source_language] ?? {
              published: true,
              source_hash: null,
            },
          }
        : {}),
    },
  };
}

const sameText = (a: ArticleText, b: ArticleText) =>
  ARTICLE_TEXT_FIELDS.every((field) => a[field] === b[field]);

/** JSON with every object's keys in one order: `{ pt, de }` and `{ de, pt }` read the same. */
const canonical = (value: unknown): string =>
  JSON.stringify(value, (_key, inner: unknown) =>
    inner !== null && typeof inner === 'object' && !Array.isArray(inner)
      ? Object.fromEntries(Object.entries(inner).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
      : inner,
  );

/**
 * Whether the form holds exactly `saved` (the article as stored, or an empty
 * form). The order of a map's languages is not a change (a switch of source
 * language and back puts them in another order), nor is the kept state of
 * the source language, which is no translation while it is the source.
 */
export function isUnchanged(draft: ArticleDraft, saved: ArticleDraft): boolean {
  const fields = (Object.keys(saved) as (keyof ArticleDraft)[]).filter(
    (f) => f !== 'translations' && f !== 'states',
  );
  return (
    fields.every((field) => canonical(draft[field]) === canonical(saved[field])) &&
    otherLanguages(draft.source_language).every(
      (language) =>
        sameText(textIn(draft, language), textIn(saved, language)) &&
        canonical(draft.states[language]) === canonical(saved.states[language]),
    )
  );
}

/** The slug follows the title until the user edits it; a slug that already matches keeps following. */
export function slugFollowsTitle(draft: ArticleDraft): boolean {
  return draft.slug === slugify(draft.title);
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

/** The display errors of one language's search fields, by plain field name. */
export function searchErrors(
  errors: DraftErrors,
  source: Language,
  language: Language,
): Partial<Record<keyof SearchDraft, string>> {
  const prefix = language === source ? '' : `translations.${language}.`;
  return {
    seo_title: errors[`${prefix}seo_title`],
    seo_description: errors[`${prefix}seo_description`],
    social_image: errors[`${prefix}social_image`],
  };
}

/** The languages with an error in their text or search fields. */
export function invalidLanguages(errors: DraftErrors, source: Language): Set<Language> {
  const out = new Set<Language>();
  for (const [key, message] of Object.entries(errors)) {
    if (!message) continue;
    const match = /^translations\.(en|pt|de)\./.exec(key);
    if (match) out.add(match[1] as Language);
    else if ([...ARTICLE_TEXT_FIELDS, ...SEARCH_FIELDS].some((field) => field === key))
      out.add(source);
  }
  return out;
}
