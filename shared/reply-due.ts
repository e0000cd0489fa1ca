import type { Settings } from './settings';
import { promiseEnds, type WorkCalendar } from './work-calendar';

/**
 * The reply promise of the contact page (a reply within 24 hours) as
 * one rule for the stats, the admin's markers, the reminders and the
 * desktop badge. Each enquiry stores when its promise runs out (`due_at`),
 * worked out when it arrives: 24 hours later, or 24 hours of working days
 * when the company turned the working-days rule on (shared/work-calendar.ts).
 */
export const REPLY_PROMISE_HOURS = 24;
/** In its last hours before `due_at`, an unanswered enquiry is shown as due soon. */
export const REPLY_DUE_SOON_HOURS = 4;
/** This long before `due_at`, an unanswered enquiry's owner (or the alert list) is reminded. */
export const REPLY_REMINDER_HOURS = 2;

const HOUR_MS = 60 * 60 * 1000;

export type ReplyState = 'replied' | 'spam' | 'waiting' | 'due-soon' | 'overdue';

/** The company's calendar as its settings describe it. */
export function replyCalendar(
  settings: Pick<Settings, 'reply_working_days' | 'reply_time_zone' | 'reply_holidays'>,
): WorkCalendar {
  return {
    workingDays: settings.reply_working_days,
    timeZone: settings.reply_time_zone,
    holidays: settings.reply_holidays,
  };
}

/** When the reply to an enquiry received at `createdAt` is due. */
export function replyDueAt(createdAt: Date, calendar: WorkCalendar): Date {
  return promiseEnds(createdAt, REPLY_PROMISE_HOURS, calendar);
}

/**
 * Where an enquiry stands against its promise at `now`: answered, in the
 * spam folder (no promise), waiting, due soon (within 4 hours of `due_at`)
 * or overdue (past `due_at`).
 */
export function replyState(
  contact: { due_at: string; replied_at: string | null; spam: boolean },
  now: Date,
): ReplyState {
  if (contact.replied_at) return 'replied';
  if (contact.spam) return 'spam';
  const left = Date.parse(contact.due_at) - now.getTime();
  if (left < 0) return 'overdue';
  if (left < REPLY_DUE_SOON_HOURS * HOUR_MS) return 'due-soon';
  return 'waiting';
}

/** The moment before which an unanswered enquiry's `due_at` makes it due soon (or overdue) at `now`. */
export function dueSoonUntil(now: Date): Date {
  return new Date(now.getTime() + REPLY_DUE_SOON_HOURS * HOUR_MS);
}

/** The moment before which an unanswered enquiry's `due_at` earns its reminder at `now`. */
export function reminderUntil(now: Date): Date {
  return new Date(now.getTime() + REPLY_REMINDER_HOURS * HOUR_MS);
}
