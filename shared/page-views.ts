import type { Language } from './languages';

/**
 * What a page view is counted as, without zod: the public site's script
 * uses it, and zod (which probes for eval, refused by the CSP) stays out of
 * the public pages. The API's schemas are in shared/analytics.ts.
 */

/**
 * The pages a view is counted for: the site's own pages, and each article
 * or page (`document`, by its id: articles and pages share one table).
 */
export const VIEWED_PAGES = ['home', 'news', 'contact', 'privacy', 'document'] as const;
export type ViewedPage = (typeof VIEWED_PAGES)[number];

/** What was viewed: one of the site's pages, or an article or page by id. */
export type ViewSubject =
  { page: Exclude<ViewedPage, 'document'> } | { page: 'document'; id: number };

/**
 * The view a page shown counts as, from the page id the site gives it
 * (web/site/seo/meta.ts) and the article or page it shows; null for what is
 * never counted (a draft's share link, the not-found page, a missing article).
 */
export function viewOf(
  pageId: string,
  shown: { id: number } | null | undefined,
): ViewSubject | null {
  switch (pageId) {
    case 'home':
    case 'news':
    case 'contact':
    case 'privacy':
      return { page: pageId };
    case 'article':
      return shown ? { page: 'document', id: shown.id } : null;
    default:
      return null;
  }
}

/** A view reported by the site's script: what was shown, in which language. */
export type PageView = { language: Language } & ViewSubject;
