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

const dayFormatters = new Map<Language, Intl.DateTimeFormat>();

/**
 * A calendar day (`YYYY-MM-DD`, as the admin's charts count by) in the
 * reader's language, for the admin: "27/11/2026" in English and Portuguese,
 * "27.11.2026" in German. The day as it is written, whatever the reader's zone.
 */
export function formatDay(day: string, language: Language): string {
  const date = /^\d{4}-\d{2}-\d{2}$/.test(day) ? new Date(`${day}T00:00:00Z`) : null;
  if (!date || Number.isNaN(date.getTime())) return '';
  let format = dayFormatters.get(language);
  if (!format) {
    format = new Intl.DateTimeFormat(LOCALES[language], {
      day: '2-digit',
      month: '2-digit',
      year: 'numeric',
      timeZone: 'UTC',
    });
    dayFormatters.set(language, format);
  }
  return format.format(date);
}

/**
 * The day (`YYYY-MM-DD`) that ends at `iso` when that moment is 00:00 in
 * the reader's zone (`timeZone` for tests), else null: a reply due then is
 * due by the end of that day, which "1 Dec, 00:00" does not say (it reads
 * as the start of the 1st).
 */
export function dayEndingAt(iso: string, timeZone?: string): string | null {
  const at = new Date(iso);
  if (Number.isNaN(at.getTime())) return null;
  const parts = (date: Date) =>
    Object.fromEntries(
      new Intl.DateTimeFormat('en-GB', {
        year: 'numeric',
        month: '2-digit',
        day: '2-digit',
        hour: '2-digit',
        minute: '2-digit',
        hourCycle: 'h23',
        timeZone,
      })
        .formatToParts(date)
        .map((p) => [p.type, p.value]),
    );
  const now = parts(at);
  if (now.hour !== '00' || now.minute !== '00') return null;
  const before = parts(new Date(at.getTime() - 1));
  return `${before.year}-${before.month}-${before.day}`;
}
