/**
 * The reply promise of the contact page (spec: a reply within 24 hours) as
 * one rule for the stats, the admin's markers and the desktop badge.
 */
export const REPLY_PROMISE_HOURS = 24;
/** From this age on, an unanswered enquiry is shown as due soon. */
export const REPLY_DUE_SOON_HOURS = 20;

const HOUR_MS = 60 * 60 * 1000;

export type ReplyState = 'replied' | 'spam' | 'waiting' | 'due-soon' | 'overdue';

/**
 * Where an enquiry stands against the promise at `now`: answered, in the
 * spam folder (no promise), waiting, due soon (over 20 h) or overdue (over 24 h).
 */
export function replyState(
  contact: { created_at: string; replied_at: string | null; spam: boolean },
  now: Date,
): ReplyState {
  if (contact.replied_at) return 'replied';
  if (contact.spam) return 'spam';
  const age = now.getTime() - Date.parse(contact.created_at);
  if (age > REPLY_PROMISE_HOURS * HOUR_MS) return 'overdue';
  if (age > REPLY_DUE_SOON_HOURS * HOUR_MS) return 'due-soon';
  return 'waiting';
}

/** The moment before which an unanswered enquiry is overdue at `now`. */
export function overdueBefore(now: Date): Date {
  return new Date(now.getTime() - REPLY_PROMISE_HOURS * HOUR_MS);
}

/** The moment before which an unanswered enquiry is due soon (or overdue) at `now`. */
export function dueSoonBefore(now: Date): Date {
  return new Date(now.getTime() - REPLY_DUE_SOON_HOURS * HOUR_MS);
}
