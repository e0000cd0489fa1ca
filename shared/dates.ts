import { LOCALES, type Language } from './languages';

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
 * The one date format of the public pages (spec: day/month/year, en-GB). UTC so
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

const dateTimeFormatters = new Map<string, Intl.DateTimeFormat>();

/**
 * Date and time in the reader's language and time zone, for screens that only
 * run in the browser (the admin): "22/11/2026, 14:05" in English (en-GB),
 * "22/11/2026, 14:05" in Portuguese, "22.11.2026, 14:05" in German.
 * `timeZone` is for tests; the reader's own zone otherwise.
 */
export function formatDateTime(
  iso: string | null | undefined,
  language: Language,
  timeZone?: string,
): string {
  const date = parse(iso);
  if (!date) return '';
  const key = `${language}|${timeZone ?? ''}`;
  let format = dateTimeFormatters.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(LOCALES[language], {
      day: '2-digit',
      month: '2-digit',
      year: 'numeric',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
      timeZone,
    });
    dateTimeFormatters.set(key, format);
  }
  return format.format(date);
}
