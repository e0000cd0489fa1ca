/**
 * Counts per UTC day over a window ending today, as the admin's charts show
 * them (enquiries per day, page views per day).
 */

const DAY_MS = 24 * 60 * 60 * 1000;

/** `YYYY-MM-DD` of a moment in UTC. */
export const utcDay = (time: Date | string | number): string =>
  new Date(time).toISOString().slice(0, 10);

/** Midnight UTC of the first day of the window of `days` days that ends today. */
export function windowStart(today: Date, days: number): Date {
  const midnight = Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate());
  return new Date(midnight - (days - 1) * DAY_MS);
}

/**
 * One entry per UTC day of the window, oldest first, from the counts per
 * day (`YYYY-MM-DD`); days without any included with a count of 0.
 */
export function perDay(
  counted: ReadonlyMap<string, number>,
  today: Date,
  days: number,
): { date: string; count: number }[] {
  const start = windowStart(today, days).getTime();
  return Array.from({ length: days }, (_, i) => {
    const date = utcDay(start + i * DAY_MS);
    return { date, count: counted.get(date) ?? 0 };
  });
}
