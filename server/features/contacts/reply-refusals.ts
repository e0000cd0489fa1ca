import type { Knex } from 'knex';
import type { Db } from '../../db/knex';
import { createContactThreadRepo } from './contact-thread.repo';
import { createContactsRepo } from './contacts.repo';

/**
 * What a reply the mail server refused for good does to its enquiry: the
 * visitor never got it, so the enquiry counts as answered only by the
 * replies still going out or gone out. `replied_at` was set by a reply (it
 * is that reply's time): it becomes the time of the first reply not
 * refused, or null, and the enquiry waits for a reply again everywhere
 * `replied_at` is read (the card, "Awaiting reply" and the other reply
 * filters, the due order, the statistics and the counts kept by the
 * database, the reminders, the export). An enquiry marked replied by hand
 * (a call, a letter: a time no reply has) stays replied. The card says
 * "Reply not delivered" (`reply_failed`, contact-row.ts).
 */
export function createReplyRefusals(db: Db) {
  const contacts = createContactsRepo(db);
  const thread = createContactThreadRepo(db);

  return {
    /**
     * In the transaction that marks a reply of `contactId` failed (the mail
     * worker's): the enquiry is locked, as a reply and a move lock it, and
     * its `replied_at` follows the replies that were not refused. Answers
     * whether it changed; false for an enquiry deleted meanwhile.
     */
    async refused(trx: Knex, contactId: number): Promise<boolean> {
      if (!(await contacts.lock(trx, contactId))) return false;
      const contact = await contacts.findById(contactId, trx);
      if (!contact?.replied_at) return false;
      const repliedAt = Date.parse(contact.replied_at);
      const replies = await thread.replies(trx, contactId);
      // Marked replied by hand: someone answered otherwise.
      if (!replies.some((r) => Date.parse(r.at) === repliedAt)) return false;
      const first = replies.find((r) => r.status !== 'failed')?.at ?? null;
      if (first !== null && Date.parse(first) === repliedAt) return false;
      return contacts.update(contactId, { replied_at: first }, trx);
    },
  };
}

export type ReplyRefusals = ReturnType<typeof createReplyRefusals>;
