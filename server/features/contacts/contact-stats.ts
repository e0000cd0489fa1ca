import type { ContactStats } from '#shared/contact';

export const STATS_DAYS = 30;
const DAY_MS = 24 * 60 * 60 * 1000;

/** `YYYY-MM-DD` of a moment in UTC. */
export const utcDay = (time: Date | string): string => new Date(time).toISOString().slice(0, 10);

/** Midnight UTC of the first day of the window that ends today. */
export function windowStart(today: Date, days = STATS_DAYS): Date {
  const midnight = Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate());
  return new Date(midnight - (days - 1) * DAY_MS);
}

/**
 * One entry per UTC day of the window, oldest first, from the counts per
 * day (`YYYY-MM-DD`); days without enquiries included with a count of 0.
 */
export function perDay(
  counted: ReadonlyMap<string, number>,
  today: Date,
  days = STATS_DAYS,
): ContactStats['per_day'] {
  const start = windowStart(today, days).getTime();
  return Array.from({ length: days }, (_, i) => {
    const date = utcDay(new Date(start + i * DAY_MS));
    return { date, count: counted.get(date) ?? 0 };
  });
}

/** Enquiries of the last 7 days (today and the six before it). */
export function lastDays(series: ContactStats['per_day'], days = 7): number {
  return series.slice(-days).reduce((sum, d) => sum + d.count, 0);
}
