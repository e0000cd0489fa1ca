import type { Knex } from 'knex';
import type { Db } from '../../db/knex';
import type { EnquiryMailEnd } from '../mail/outbox-delivery';
import { createReplyRefusals } from './reply-refusals';
import { createReminderCancellations } from './reply-reminders';

/**
 * What the end of an outbox row does to the enquiry it names, decided here
 * per kind so the mail worker knows none: a reply refused for good makes
 * the enquiry wait for a reply again (reply-refusals.ts); a reminder
 * cancelled unsent lets the next look remind whoever has the enquiry now
 * (reply-reminders.ts). Any other end changes nothing on the enquiry.
 */
export function createEnquiryMailEnds(db: Db) {
  const refusals = createReplyRefusals(db);
  const reminders = createReminderCancellations();

  return {
    /**
     * In the transaction that marks the row (the worker's, once the mark
     * took): answers whether the enquiry changed.
     */
    async ended(trx: Knex, { kind, outcome, contactId }: EnquiryMailEnd): Promise<boolean> {
      if (kind === 'reply' && outcome === 'failed') return refusals.refused(trx, contactId);
      if (kind === 'reminder' && outcome === 'cancelled')
        return reminders.cancelled(trx, contactId);
      return false;
    },
  };
}

export type EnquiryMailEnds = ReturnType<typeof createEnquiryMailEnds>;
