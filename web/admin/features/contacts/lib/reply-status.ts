import type { Contact } from '#shared/contact';
import { replyState, type ReplyState } from '#shared/reply-due';

/** The line under an enquiry's dates about its reply, as a catalogue key and the moment it names. */
export type ReplyLine = {
  key: 'admin.contacts.repliedWhen' | 'admin.contacts.replyDue' | 'admin.contacts.replyWasDue';
  at: string;
};

/**
 * Where an enquiry stands against its reply promise at `now`: its state
 * (shared/reply-due.ts), whether the card carries a marker (due soon,
 * overdue, replied), and the line that says when it was answered or is due
 * (its `due_at`, which counts only working days when the company says so).
 * Spam makes no promise, so it has neither marker nor line.
 */
export function replyStatus(
  contact: Pick<Contact, 'due_at' | 'replied_at' | 'spam'>,
  now: Date,
): { state: ReplyState; marked: boolean; line: ReplyLine | null } {
  const state = replyState(contact, now);
  if (state === 'spam') return { state, marked: false, line: null };
  if (state === 'replied')
    return {
      state,
      marked: true,
      line: { key: 'admin.contacts.repliedWhen', at: contact.replied_at! },
    };
  const key = state === 'overdue' ? 'admin.contacts.replyWasDue' : 'admin.contacts.replyDue';
  return { state, marked: state !== 'waiting', line: { key, at: contact.due_at } };
}
