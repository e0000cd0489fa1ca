const formatter = new Intl.DateTimeFormat('en-GB', {
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
  timeZone: 'UTC',
});

/**
 * The one date format of the product (spec: day/month/year, en-GB). UTC so the
 * server-rendered HTML and the hydrated page always agree.
 */
export function formatDate(iso: string | null | undefined): string {
  if (!iso) return '';
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? '' : formatter.format(date);
}

/** The date an article shows: when it was published, else when it was written. */
export function articleDate(article: { published_at: string | null; created_at: string }): string {
  return formatDate(article.published_at ?? article.created_at);
}
