import { LANGUAGES, type Language } from './languages';
import type { AdminArticle, Article } from './news';

/**
 * The language versions of an article (docs/api.md, "Languages of content"):
 * one source text and up to two translations. Category, slug, image, state
 * and dates belong to the article, not to a language.
 */

/** The three texts that exist once per language. */
export type ArticleText = { title: string; excerpt: string; content: string };

export const ARTICLE_TEXT_FIELDS = ['title', 'excerpt', 'content'] as const;

/**
 * What search engines and link previews show of a language version
 * (docs/api.md, "Pages"); null: the title, excerpt and image serve.
 */
export type SearchFields = {
  seo_title: string | null;
  seo_description: string | null;
  social_image: string | null;
};

export const SEARCH_FIELDS = ['seo_title', 'seo_description', 'social_image'] as const;

/** A translation as admin reads carry it. */
export type ArticleTranslation = ArticleText &
  SearchFields & {
    /** The image's text alternative in this language; null: the source language's is used. */
    image_alt: string | null;
    /** Visitors see this language only when it is published (and the article is). */
    published: boolean;
    /** SHA-256 of the source text it was made from (shared/source-hash.ts); null when not known. */
    source_hash: string | null;
    updated_at: string;
    /** The source text changed after this translation was made from it. */
    outdated: boolean;
  };

export type ArticleTranslations = Partial<Record<Language, ArticleTranslation>>;

/** The languages other than `language`, in the site's order. */
export function otherLanguages(language: Language): Language[] {
  return LANGUAGES.filter((l) => l !== language);
}

/** Every language an article exists in, in the site's order (en, pt, de). */
export function articleLanguages(
  source: Language,
  translated: Iterable<Language> | ArticleTranslations,
): Language[] {
  const have = new Set<Language>([
    source,
    ...(Symbol.iterator in translated
      ? (translated as Iterable<Language>)
      : (Object.keys(translated) as Language[])),
  ]);
  return LANGUAGES.filter((l) => have.has(l));
}

/** The languages an article still lacks. */
export function missingLanguages(article: { languages: readonly Language[] }): Language[] {
  return LANGUAGES.filter((l) => !article.languages.includes(l));
}

/** True when both texts say the same (after the trimming the write schema applies). */
export function sameText(a: ArticleText, b: ArticleText): boolean {
  return ARTICLE_TEXT_FIELDS.every((f) => a[f].trim() === b[f].trim());
}

type AdminArticleLike = {
  translations: ArticleTranslations;
  languages: Language[];
  source_language: Language;
};

/**
 * The article as visitors may see it: without its unpublished translations,
 * which do not exist for them in any language (not in `languages` either).
 */
export function publicLanguages<T extends AdminArticleLike>(article: T): T {
  const translations = Object.fromEntries(
    Object.entries(article.translations).filter(([, t]) => t.published),
  ) as ArticleTranslations;
  return {
    ...article,
    translations,
    languages: articleLanguages(article.source_language, translations),
  };
}

/**
 * An article read in `language`: the translation's text where the article has
 * one, else the source text. `article` has the source text at its top level
 * (as `GET /news/admin` gives it); the answer carries no translations unless
 * `keepTranslations` (admin reads of one article).
 */
export function articleInLanguage(
  article: AdminArticle,
  language: Language,
  { keepTranslations = false }: { keepTranslations?: boolean } = {},
): Article {
  const { translations, ...source } = article;
  const translation = language === article.source_language ? undefined : translations[language];
  const text = translation ?? source;
  // A translation without a text alternative of its own borrows the source's, in its language.
  const ownAlt = translation?.image_alt ?? null;
  const imageAlt = ownAlt ?? source.image_alt;
  return {
    ...source,
    title: text.title,
    excerpt: text.excerpt,
    content: text.content,
    image_alt: imageAlt,
    image_alt_language:
      imageAlt === null ? null : ownAlt !== null ? language : article.source_language,
    // A translation's search fields are its own (their language); its social image may be the source's.
    seo_title: text.seo_title,
    seo_description: text.seo_description,
    social_image: translation?.social_image ?? source.social_image,
    language: translation ? language : article.source_language,
    ...(keepTranslations ? { translations } : {}),
  };
}
