import {
  WEBHOOK_DELIVERIES_LISTED,
  WebhookErrorSchema,
  type WebhookDelivery,
  type WebhookStatus,
} from '#shared/webhooks';
import type { Knex } from 'knex';
import type { Db } from '../../db/knex';
import { toIso, toIsoOrNull } from '../../db/values';
import { systemClock, type Clock } from '../../clock';
import { createOutboxRepo } from './outbox.repo';

type Row = Record<string, unknown>;

/** A stored error: a code and its values (JSON), or the text of one stored before codes. */
function lastError(stored: unknown): WebhookDelivery['last_error'] {
  if (stored === null || stored === undefined || stored === '') return null;
  const text = String(stored);
  try {
    const coded = WebhookErrorSchema.safeParse(JSON.parse(text));
    if (coded.success) return coded.data;
  } catch {
    // Not JSON: written before errors were stored as codes.
  }
  return { code: null, text };
}

const toDelivery = (row: Row): WebhookDelivery => ({
  id: Number(row.id),
  contact_id:
    row.contact_id === null || row.contact_id === undefined ? null : Number(row.contact_id),
  url: String(row.recipient),
  status: String(row.status) as WebhookStatus,
  attempts: Number(row.attempts),
  last_error: lastError(row.last_error),
  created_at: toIso(row.created_at),
  sent_at: toIsoOrNull(row.sent_at),
  next_attempt_at: row.status === 'pending' ? toIsoOrNull(row.next_attempt_at) : null,
});

/**
 * The enquiry webhook's calls as the admin follows them: the latest ones
 * with their state (they are rows of the outbox, kind `webhook`), and what
 * becomes of the waiting ones when the address changes.
 */
export function createWebhooksService({ db, clock = systemClock }: { db: Db; clock?: Clock }) {
  const outbox = createOutboxRepo(db);
  return {
    /**
     * The webhook's address was saved as `url`, in the settings' transaction
     * `trx`. Cleared: the calls waiting to be made are cancelled with it, so
     * the admin sees them cancelled at once rather than waiting for their
     * next try (the worker still cancels any queued meanwhile from an older
     * snapshot of the settings, and one it was making). Changed to another
     * address: they wait and go there (the worker sends each to the address
     * set when it is made). Answers how many were cancelled.
     */
    async addressSaved(trx: Knex, url: string): Promise<number> {
      if (url !== '') return 0;
      return outbox.cancelWaitingCalls(trx, clock().toISOString());
    },

    async deliveries(): Promise<WebhookDelivery[]> {
      const rows: Row[] = await db('mail_outbox')
        .where('kind', 'webhook')
        .orderBy('id', 'desc')
        .limit(WEBHOOK_DELIVERIES_LISTED)
        .select(
          'id',
          'contact_id',
          'recipient',
          'status',
          'attempts',
          'last_error',
          'created_at',
          'sent_at',
          'next_attempt_at',
        );
      return rows.map(toDelivery);
    },
  };
}

export type WebhooksService = ReturnType<typeof createWebhooksService>;
