import type { ContactStats } from '#shared/contact';
import { perDay as daySeries, windowStart as dayWindowStart } from '#shared/day-series';

export { utcDay } from '#shared/day-series';

export const STATS_DAYS = 30;

/** Midnight UTC of the first day of the window that ends today. */
export const windowStart = (today: Date, days = STATS_DAYS): Date => dayWindowStart(today, days);

/**
 * One entry per UTC day of the window, oldest first, from the counts per
 * day (`YYYY-MM-DD`); days without enquiries included with a count of 0.
 */
export const perDay = (
  counted: ReadonlyMap<string, number>,
  today: Date,
  days = STATS_DAYS,
): ContactStats['per_day'] => daySeries(counted, today, days);

/** Enquiries of the last 7 days (today and the six before it). */
export function lastDays(series: ContactStats['per_day'], days = 7): number {
  return series.slice(-days).reduce((sum, d) => sum + d.count, 0);
}
