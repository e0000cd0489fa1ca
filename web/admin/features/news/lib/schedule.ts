import type { Article } from '#shared/news';
import { publicationStatus } from '#shared/publication';

/*
 * Scheduling in the article form: the admin picks a date and time in their
 * own time zone (a `datetime-local` input); the API stores UTC.
 */

const pad = (n: number) => String(n).padStart(2, '0');

/** `2026-12-01T09:30` in the browser's time zone: what a `datetime-local` input holds. */
export function toLocalInput(iso: string): string {
  const d = new Date(iso);
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

/** A `datetime-local` value as UTC ISO 8601, or null when it is not a date and time. */
export function fromLocalInput(value: string): string | null {
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2})?$/.test(value)) return null;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? null : date.toISOString();
}

/** The time a scheduled article goes public, for the form; null for any other article. */
export function scheduledInput(article: Pick<Article, 'published' | 'published_at'>) {
  return publicationStatus(article) === 'scheduled' && article.published_at
    ? toLocalInput(article.published_at)
    : null;
}

/** The browser's time zone, e.g. `Europe/Lisbon`. */
export function timeZoneName(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
}

export type PublicationFields = { published: boolean; published_at?: string | null };

/**
 * What a save asks for: a draft; public now (an article already public keeps
 * its date; a draft or a scheduled one goes out now); or public at the chosen
 * time. Errors are translation keys for the schedule field.
 */
export function publicationFields(
  draft: { published: boolean; schedule_at: string | null },
  stored: Pick<Article, 'published' | 'published_at'> | null,
  now: number = Date.now(),
): { ok: true; fields: PublicationFields } | { ok: false; error: string } {
  if (!draft.published) return { ok: true, fields: { published: false } };
  if (draft.schedule_at !== null) {
    const at = fromLocalInput(draft.schedule_at);
    if (!at) return { ok: false, error: 'admin.schedule.invalid' };
    if (Date.parse(at) <= now) return { ok: false, error: 'admin.schedule.past' };
    return { ok: true, fields: { published: true, published_at: at } };
  }
  if (stored && publicationStatus(stored, now) === 'published') {
    return { ok: true, fields: { published: true } };
  }
  return {
    ok: true,
    fields: stored ? { published: true, published_at: null } : { published: true },
  };
}
