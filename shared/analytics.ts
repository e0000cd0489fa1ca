import { z } from 'zod';
import { LANGUAGES, type Language } from './languages';

/**
 * Readers and where enquiries come from: what a page view is counted as, the
 * in-site navigation's report of one, and `GET /api/analytics`. Nothing here
 * names a visitor: a view is a page, a day and a language.
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

/**
 * `POST /api/analytics/views`: a page the site's script showed without a
 * page load (a navigation inside the site), in the language it showed it in.
 */
export const PageViewSchema = z
  .object({
    page: z.enum(VIEWED_PAGES),
    id: z.number().int().positive().max(2_147_483_647).optional(),
    language: z.enum(LANGUAGES),
  })
  .refine((v) => (v.page === 'document') === (v.id !== undefined), { path: ['id'] });
export type PageView = { language: Language } & ViewSubject;

/** The site's own pages: their address and the catalogue key of their name. */
export const SITE_PAGES = {
  home: { path: '/', title: 'nav.home' },
  news: { path: '/news', title: 'nav.news' },
  contact: { path: '/contact', title: 'nav.contact' },
  privacy: { path: '/privacy', title: 'privacy.title' },
} as const;

/** The periods the admin offers, in days. */
export const ANALYTICS_PERIODS = [7, 30, 90, 365] as const;
export const ANALYTICS_DEFAULT_DAYS = 30;
export const ANALYTICS_MAX_DAYS = 365;

/** `GET /api/analytics?days=N`: 1 to 365 days ending today, 30 by default. */
export const AnalyticsQuerySchema = z.object({
  days: z
    .string()
    .regex(/^\d{1,3}$/, 'apiErrors.analyticsDaysInvalid')
    .transform(Number)
    .refine((n) => n >= 1 && n <= ANALYTICS_MAX_DAYS, 'apiErrors.analyticsDaysInvalid')
    .default(ANALYTICS_DEFAULT_DAYS),
});

/** Referring sites with fewer views than this in a day are counted as `other`. */
export const RARE_REFERRER_VIEWS = 5;
/** The host that stands for every rare referring site. */
export const OTHER_REFERRER = 'other';

/** One row of the table: a page, its views and the enquiries it led to. */
export type PageStats = {
  /** Its address on the site, without a language prefix (`/`, `/news`, `/<slug>`). */
  path: string;
  title: string;
  views: number;
  enquiries: number;
  /** Which page it is; an article's or page's `id`, else null. */
  page: ViewedPage;
  id: number | null;
};

export type AnalyticsReport = {
  days: number;
  /** Every day of the period, oldest first (days without a view count 0). */
  views: { date: string; count: number }[];
  /** Most viewed first. */
  pages: PageStats[];
  /** Most views first; rare hosts together as `other`. */
  referrers: { host: string; views: number }[];
  languages: { language: Language; views: number }[];
};
