import { LOCALES, type Language } from './languages';

/**
 * Relative times for screens that only run in the browser (the admin's
 * enquiry ages and reply deadlines). Apart from dates.ts, whose day formats
 * the public pages load: these stay out of their code.
 */
const relativeFormatters = new Map<Language, Intl.RelativeTimeFormat>();

/** Units from the largest down, each with its length in seconds. */
const RELATIVE_UNITS: [Intl.RelativeTimeFormatUnit, number][] = [
  ['year', 365 * 86_400],
  ['month', 30 * 86_400],
  ['day', 86_400],
  ['hour', 3_600],
  ['minute', 60],
];

/**
 * How far `iso` lies from `now`, in the reader's language: "now", "5 minutes
 * ago", "in 3 hours", "yesterday", "2 months ago". Counts whole units (2 h
 * 59 min is "2 hours ago"), so a minute's refresh moves the text along.
 */
export function formatRelativeTime(
  iso: string | null | undefined,
  now: Date,
  language: Language,
): string {
  const date = iso ? new Date(iso) : null;
  if (!date || Number.isNaN(date.getTime())) return '';
  let format = relativeFormatters.get(language);
  if (!format) {
    format = new Intl.RelativeTimeFormat(LOCALES[language], { numeric: 'auto' });
    relativeFormatters.set(language, format);
  }
  const seconds = (date.getTime() - now.getTime()) / 1000;
  for (const [unit, length] of RELATIVE_UNITS) {
    const whole = Math.trunc(seconds / length);
    if (whole !== 0) return format.format(whole, unit);
  }
  return format.format(0, 'second');
}
