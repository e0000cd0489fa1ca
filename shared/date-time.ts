import { LOCALES, type Language } from './languages';

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
  const date = iso ? new Date(iso) : null;
  if (!date || Number.isNaN(date.getTime())) return '';
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
