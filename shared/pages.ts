import type { ArticleTranslation, SearchFields } from './article-languages';
import type { Language } from './languages';

/*
 * Pages (docs/api.md, "Pages"): public texts that are not news (About us,
 * Careers, Imprint), in the languages of content like articles, placed in
 * the site's header or footer, or in neither. The zod rules of a write are
 * in page-schema.ts.
 */

/** Where a page is linked from: the header (and mobile menu), the footer, or nowhere. */
export const PAGE_NAVS = ['header', 'footer', 'none'] as const;
export type PageNav = (typeof PAGE_NAVS)[number];

/** A translation of a page as admin reads carry it: like an article's, the excerpt optional. */
export type PageTranslation = Omit<ArticleTranslation, 'excerpt'> & { excerpt: string | null };
export type PageTranslations = Partial<Record<Language, PageTranslation>>;

/** A page as the API returns it, its text in `language` (the one asked for where it has it). */
export type Page = SearchFields & {
  id: number;
  title: string;
  slug: string;
  excerpt: string | null;
  content: string;
  image_url: string | null;
  image_alt: string | null;
  /** The language `image_alt` is written in (see Article). */
  image_alt_language?: Language | null;
  nav: PageNav;
  position: number;
  published: boolean;
  published_at: string | null;
  created_at: string;
  updated_at: string;
  language: Language;
  source_language: Language;
  languages: Language[];
  /** Admin reads only. */
  translations?: PageTranslations;
  /** Share-link reads only: false when `language` is a translation not published (see Article). */
  language_published?: boolean;
};

export type AdminPage = Page & { translations: PageTranslations };

/**
 * A page in the site's navigation: its title in each language it is public
 * in (a visitor of another language sees the source language's), so the
 * header and footer need no new request when the visitor changes language.
 */
export type NavPage = {
  slug: string;
  nav: Exclude<PageNav, 'none'>;
  position: number;
  source_language: Language;
  titles: Partial<Record<Language, string>>;
};

/** The title a navigation link shows in `language`. */
export function navTitle(page: NavPage, language: Language): string {
  return page.titles[language] ?? page.titles[page.source_language] ?? page.slug;
}
