import type { ArticleTranslations, SearchFields } from './article-languages';
import type { Language } from './languages';

/*
 * News shapes and pure rules, for every side. The zod rules of a write are in
 * news-schema.ts, so the public pages, which never write, do not load zod.
 */

/**
 * A news article as the API returns it (times are ISO 8601 UTC): title,
 * excerpt and content in `language` (the one asked for where the article has
 * it, else `source_language`); `languages` lists every language it exists in.
 */
export type Article = SearchFields & {
  id: number;
  title: string;
  excerpt: string;
  content: string;
  category: string;
  slug: string;
  image_url: string | null;
  /** The image's text alternative in `language` (else the source language's), or null. */
  image_alt: string | null;
  /**
   * The language `image_alt` is written in: `language`, or the source language
   * when a translation has no text alternative of its own (the page marks the
   * picture with it, so it is read in its own language); null without one.
   * Reads of one language carry it (articleInLanguage).
   */
  image_alt_language?: Language | null;
  /** With `published`, a time still ahead means scheduled (see publication.ts). */
  published: boolean;
  published_at: string | null;
  created_at: string;
  updated_at: string;
  language: Language;
  source_language: Language;
  languages: Language[];
  /** Admin reads only: every translation, with its own time and outdated flag. */
  translations?: ArticleTranslations;
  /**
   * Share-link reads only (`/api/previews/{token}`): false when `language`
   * is a translation not published yet, which the page then says.
   */
  language_published?: boolean;
};

/**
 * An article as admin reads and writes answer it: `GET /news/admin` has the
 * source text at the top level, `GET /news/{slug}` the text of the language asked for.
 */
export type AdminArticle = Article & { translations: ArticleTranslations };

/**
 * An article's or page's publication as a 409 for a save over a colleague
 * answers it (`current`): whether it and each translation are published
 * now, and when it goes or went public.
 */
export type PublicationState = {
  published: boolean;
  published_at: string | null;
  translations: Partial<Record<Language, { published: boolean }>>;
};

export type NewsList = {
  news: Article[];
  pages: number;
  total: number;
  current_page: number;
};

export type CategoryCount = { category: string; count: number };

/** Categories the translation catalogue names. */
export const NEWS_CATEGORIES = ['ai-innovation', 'robotics', 'partnership', 'research'] as const;

/** The picture of an article without an image of its own, or whose image cannot be loaded. */
export const DEFAULT_NEWS_IMAGE = '/media/news-default.jpg';

export function isHttpUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:';
  } catch {
    return false;
  }
}

/** The rules of an image address, a module of their own: the public pages never check one. */
export { imageUrlProblem, isImageUrl } from './image-url';
