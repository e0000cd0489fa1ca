import type { ContactStats } from '#shared/contact';
import { addDays, dayStart, zoneDay } from '#shared/day-series';

export { utcDay } from '#shared/day-series';

export const STATS_DAYS = 30;

/**
 * The company's days of the window that ends today in `timeZone` (settings
 * `reply_time_zone`), oldest first, and the moments they begin followed by
 * the moment the last one ends (`bounds`, ISO 8601, one more than the days):
 * a day is 23 or 25 hours long where the clocks change in it.
 */
export function statsDays(
  now: Date,
  timeZone: string,
  days = STATS_DAYS,
): { dates: string[]; bounds: string[] } {
  const today = zoneDay(now, timeZone);
  const dates = Array.from({ length: days }, (_, i) => addDays(today, i + 1 - days));
  const bounds = [...dates, addDays(today, 1)].map((day) =>
    new Date(dayStart(day, timeZone)).toISOString(),
  );
  return { dates, bounds };
}

/** The window's days with their counts (by position; a day without any counts 0). */
export const perDay = (
  dates: readonly string[],
  counts: readonly number[],
): ContactStats['per_day'] => dates.map((date, i) => ({ date, count: counts[i] ?? 0 }));

/** Enquiries of the last 7 days (today and the six before it). */
export function lastDays(series: ContactStats['per_day'], days = 7): number {
  return series.slice(-days).reduce((sum, d) => sum + d.count, 0);
}
