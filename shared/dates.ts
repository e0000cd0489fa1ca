const formatter = new Intl.DateTimeFormat('en-GB', {
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
  timeZone: 'UTC',
});

const parse = (iso: string | null | undefined): Date | null => {
  if (!iso) return null;
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? null : date;
};

/**
 * The one date format of the public pages (day/month/year, en-GB). UTC so
 * the server-rendered HTML and the hydrated page always agree.
 */
export function formatDate(iso: string | null | undefined): string {
  const date = parse(iso);
  return date ? formatter.format(date) : '';
}

/** The date an article goes by (ISO): when it was published, else when it was written. */
export function articleDate(article: { published_at: string | null; created_at: string }): string {
  return article.published_at ?? article.created_at;
}

/** Date and time in the reader's zone, for the admin (a module of its own: not in the site's code). */
export { formatDateTime } from './date-time';
