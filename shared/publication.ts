/**
 * When an article is public (docs/api.md, "Scheduling"): `published` says
 * the admin released it, `published_at` when. An article released with a
 * time still ahead is scheduled: nobody but admins sees it until then, and
 * from that moment on it is public with no further call.
 */

export { isPublic, publicationStatus, type PublicationStatus } from './publication-status';

/**
 * The `published_at` a write stores (ISO 8601 UTC), from what it asked for:
 *
 * - released (`published: true`): the time asked for (a future one schedules
 *   it, a past one backdates it); `null` asked for means now ("publish now",
 *   also for a scheduled article); nothing asked for keeps the stored time,
 *   or now on the first publication;
 * - a draft (`published: false`) keeps only a time that has passed (when it
 *   was first public); a scheduled article taken back loses its future time,
 *   so unscheduling returns it to a plain draft. A draft never takes a time
 *   from the write.
 */
export function resolvePublishedAt(write: {
  published: boolean;
  requested: string | null | undefined;
  stored: string | null;
  now: string;
}): string | null {
  const { published, requested, stored, now } = write;
  if (!published) return stored !== null && Date.parse(stored) <= Date.parse(now) ? stored : null;
  if (requested === null) return now;
  return requested ?? stored ?? now;
}

/**
 * `2026-12-01T09:00:00Z`, `2026-12-01T10:00:00.000+01:00`: a date and time
 * with its zone, as ISO 8601 writes it (a time without a zone is ambiguous
 * and refused), on a day that exists.
 */
export function isZonedDateTime(value: string): boolean {
  const match =
    /^(\d{4})-(\d{2})-(\d{2})T([01]\d|2[0-3]):[0-5]\d(?::[0-5]\d(?:\.\d{1,9})?)?(?:Z|[+-](?:[01]\d|2[0-3]):[0-5]\d)$/.exec(
      value,
    );
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCMonth() === month - 1 && date.getUTCDate() === day && year >= 1970;
}
