import type { Knex } from 'knex';

/**
 * `contacts.reminded_at`: whether an enquiry's one reminder is taken
 * (reply-reminders.ts). Each is one statement on the enquiry's row, in the
 * caller's transaction.
 */
export function createReminderClaims() {
  const contacts = (q: Knex) => q('contacts');
  return {
    /**
     * Takes an enquiry's one reminder for the caller: a single conditional
     * UPDATE, which of several instances exactly one wins (the others find
     * `reminded_at` set). False when it was taken, or the enquiry answered.
     */
    async claim(trx: Knex, id: number, at: string): Promise<boolean> {
      const changed = await contacts(trx)
        .where({ id })
        .whereNull('reminded_at')
        .whereNull('replied_at')
        .where('spam', false)
        .update({ reminded_at: at });
      return changed > 0;
    },

    /** Gives back the reminder claimed `at` (none could be queued), for a later look. */
    async release(trx: Knex, id: number, at: string): Promise<void> {
      await contacts(trx).where({ id, reminded_at: at }).update({ reminded_at: null });
    },

    /**
     * Forgets that an enquiry still waiting for a reply was reminded of (its
     * reminder was cancelled unsent), so the next look reminds of it again.
     */
    async forget(trx: Knex, id: number): Promise<boolean> {
      const changed = await contacts(trx)
        .where({ id })
        .whereNotNull('reminded_at')
        .whereNull('replied_at')
        .update({ reminded_at: null });
      return changed > 0;
    },
  };
}
