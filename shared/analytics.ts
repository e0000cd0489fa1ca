import { z } from 'zod';
import './zod-setup';
import { LANGUAGES, type Language } from './languages';
import { VIEWED_PAGES, type ViewedPage } from './page-views';

/**
 * Readers and where enquiries come from: what a page view is counted as, the
 * in-site navigation's report of one, and `GET /api/analytics`. Nothing here
 * names a visitor: a view is a page, a day and a language.
 */

// What a view is (zod-free, for the public site's script): shared/page-views.ts.
export { VIEWED_PAGES, viewOf } from './page-views';
export type { PageView, ViewSubject, ViewedPage } from './page-views';

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

/** The site's own pages: their address and the catalogue key of their name. */
export const SITE_PAGES = {
  home: { path: '/', title: 'nav.home' },
  news: { path: '/news', title: 'nav.news' },
  contact: { path: '/contact', title: 'nav.contact' },
  privacy: { path: '/privacy', title: 'privacy.title' },
} as const;

/**
 * The catalogue key of the report's row that holds the views and enquiries
 * of articles and pages deleted since (`deleted: true`).
 */
export const DELETED_PAGES_TITLE = 'admin.analytics.deletedPages';

/**
 * Whether a page's enquiries are counted: an enquiry is credited only to the
 * article or page whose call to action (`/contact?from=<slug>`) it was sent
 * from; the site's own pages (home, news list, contact, privacy) never get
 * one (their `enquiries` stay 0, and the admin shows none).
 */
export const creditsEnquiries = (page: ViewedPage): boolean => page === 'document';

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
  /**
   * True for the one row (last, when there is one) of every article and page
   * deleted since: `page: 'document'`, `id: null`, `path: ''`, its title
   * DELETED_PAGES_TITLE in the reader's language. Their views and enquiries
   * still count, so the totals are the sums of the rows.
   */
  deleted?: true;
  /**
   * True for an article or page that is not public now (taken back to a
   * draft, or scheduled again): its address answers 404 to readers.
   */
  unpublished?: true;
};

export type AnalyticsReport = {
  days: number;
  /**
   * The IANA time zone the days are the company's days in (settings
   * `reply_time_zone`): the period ends today there, and views and
   * enquiries count on the day they happened there.
   */
  time_zone: string;
  /** Every day of the period, oldest first (days without a view count 0). */
  views: { date: string; count: number }[];
  /** Most viewed first; deleted articles and pages together in the last row. */
  pages: PageStats[];
  /** Most views first; rare hosts together as `other`. */
  referrers: { host: string; views: number }[];
  /**
   * The enquiries (not spam) of the period credited to no article or page
   * (sent from the contact page or a site page, or naming none), counted
   * from the enquiries stored: one deleted since no longer counts here.
   */
  enquiries_without_source: number;
  languages: { language: Language; views: number }[];
};
