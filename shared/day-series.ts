import { localMidnight } from './work-calendar';

/**
 * Counts per day over a window ending today, as the admin's charts show
 * them (enquiries and page views per day in the company's days: settings
 * `reply_time_zone`, where its days begin and end).
 */

const DAY_MS = 24 * 60 * 60 * 1000;

/** `YYYY-MM-DD` of a moment in UTC. */
export const utcDay = (time: Date | string | number): string =>
  new Date(time).toISOString().slice(0, 10);

const dayFormats = new Map<string, Intl.DateTimeFormat>();

/** `YYYY-MM-DD` of a moment in an IANA time zone (the day its clocks show). */
export function zoneDay(time: Date | string | number, timeZone: string): string {
  let format = dayFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
    });
    dayFormats.set(timeZone, format);
  }
  const parts = Object.fromEntries(
    format.formatToParts(new Date(time)).map((part) => [part.type, part.value]),
  );
  return `${parts.year}-${parts.month}-${parts.day}`;
}

/** The day (`YYYY-MM-DD`) `n` days after `day`; before it when `n` is negative. */
export function addDays(day: string, n: number): string {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  return utcDay(Date.UTC(year, month - 1, date + n));
}

/**
 * The moment (ms since the epoch) `day` begins in an IANA time zone: its
 * midnight there, or the first moment after where a clock change skips it.
 * A day is 23 or 25 hours long where the clocks change in it.
 */
export function dayStart(day: string, timeZone: string): number {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  return localMidnight(year, month, date, timeZone);
}

/** Midnight UTC of the first day of the window of `days` days that ends today. */
export function windowStart(today: Date, days: number): Date {
  const midnight = Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate());
  return new Date(midnight - (days - 1) * DAY_MS);
}

/**
 * One entry per day of the window of `days` days that ends on the day
 * `last`, oldest first, from the counts per day (`YYYY-MM-DD`); days
 * without any included with a count of 0.
 */
export function daySeries(
  counted: ReadonlyMap<string, number>,
  last: string,
  days: number,
): { date: string; count: number }[] {
  return Array.from({ length: days }, (_, i) => {
    const date = addDays(last, i - (days - 1));
    return { date, count: counted.get(date) ?? 0 };
  });
}

/** daySeries of the UTC days of the window that ends today. */
export function perDay(
  counted: ReadonlyMap<string, number>,
  today: Date,
  days: number,
): { date: string; count: number }[] {
  return daySeries(counted, utcDay(today), days);
}
