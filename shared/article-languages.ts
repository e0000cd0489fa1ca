import { LANGUAGES, type Language } from './languages';
import type { AdminArticle, Article } from './news';

/**
 * The language versions of an article (CONTRACT.md, "Languages of content"):
 * one source text and up to two translations. Category, slug, image, state
 * and dates belong to the article, not to a language.
 */

/** The three texts that exist once per language. */
export type ArticleText = { title: string; excerpt: string; content: string };

export const ARTICLE_TEXT_FIELDS = ['title', 'excerpt', 'content'] as const;

/** A translation as admin reads carry it. */
export type ArticleTranslation = ArticleText & {
  /** The image's text alternative in this language; null: the source language's is used. */
  image_alt: string | null;
  updated_at: string;
  /** The source text changed after this translation was last saved. */
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
  return {
    ...source,
    title: text.title,
    excerpt: text.excerpt,
    content: text.content,
    image_alt: translation?.image_alt ?? source.image_alt,
    language: translation ? language : article.source_language,
    ...(keepTranslations ? { translations } : {}),
  };
}
