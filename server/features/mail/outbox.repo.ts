import type { Knex } from 'knex';
import type { Language } from '#shared/languages';
import type { MailCancelReason } from '#shared/mail-status';
import { isEmbedded, type Db } from '../../db/knex';
import { toCount, toIso, toIsoOrNull } from '../../db/values';
import type { Mailbox } from '../../mailbox';

/**
 * Account mail: a one-time link (an invitation, a password reset, an
 * address to confirm) or the notice of a two-factor reset.
 */
export const ACCOUNT_MAIL_KINDS = [
  'invitation',
  'password-reset',
  'email-confirm',
  'two-factor-reset',
] as const;
export type AccountMailKind = (typeof ACCOUNT_MAIL_KINDS)[number];

/**
 * What the outbox sends: e-mails about enquiries (the staff alert, the
 * auto-reply, a reply from the admin, an assignment notice, a reminder),
 * account mail, and the webhook's calls, which go to an HTTPS address
 * instead of a mailbox.
 */
export const MAIL_KINDS = [
  'staff-alert',
  'auto-reply',
  'reply',
  'assigned',
  'reminder',
  ...ACCOUNT_MAIL_KINDS,
] as const;
export type MailKind = (typeof MAIL_KINDS)[number];
export type OutboxKind = MailKind | 'webhook';

/** What the site queues by itself for an enquiry, dropped when it moves to the spam folder. */
export const AUTOMATIC_KINDS: readonly OutboxKind[] = [
  'staff-alert',
  'auto-reply',
  'reminder',
  'webhook',
];

/** A message as rendered when it was queued; the worker adds From, To and Message-ID. */
export type MailContent = {
  subject: string;
  text: string;
  html: string;
  replyTo?: Mailbox;
  headers?: Record<string, string>;
};

/** A webhook call as queued: the JSON body (signed when it is sent) and its event's name. */
export type WebhookContent = { event: string; body: string };

type Common = {
  id: number;
  contactId: number | null;
  /** An e-mail address, or the webhook's URL. */
  recipient: string;
  /**
   * The colleague's account the e-mail goes to because of its role (an
   * enquiry given to them, the reminder of one they own), checked again
   * right before it is sent (recipient-access.ts); null for any other
   * recipient (the visitor, NOTIFY_EMAIL, the alert lists, account mail).
   */
  accountId: number | null;
  language: Language;
  attempts: number;
  createdAt: string;
};

export type OutboxMessage =
  | (Common & { kind: MailKind; content: MailContent })
  | (Common & { kind: 'webhook'; content: WebhookContent });

type DistributiveOmit<T, K extends PropertyKey> = T extends unknown ? Omit<T, K> : never;

export type NewOutboxMessage = DistributiveOmit<
  OutboxMessage,
  'id' | 'attempts' | 'createdAt' | 'accountId'
> & { accountId?: number | null };

type Row = Record<string, unknown>;

/** Free to claim: nobody holds the lease, or its holder let it run out (a crash). */
export const leaseFree = (now: string) => (q: Knex.QueryBuilder) =>
  q.whereNull('lease_until').orWhere('lease_until', '<', now);

/** The row of a message waiting for its first attempt, due at `now`. */
function pendingRow(message: NewOutboxMessage, now: string) {
  return {
    kind: message.kind,
    contact_id: message.contactId,
    recipient: message.recipient,
    account_id: message.accountId ?? null,
    language: message.language,
    content: JSON.stringify(message.content),
    status: 'pending',
    attempts: 0,
    next_attempt_at: now,
    created_at: now,
  };
}

/**
 * The outbox table as the features use it: rows queued in the transaction
 * of what they are about (an enquiry, a reply, an account's link), dropped
 * or untied with their enquiry, and the state of delivery. The worker claims
 * and marks them through outbox-leases.repo.ts.
 */
export function createOutboxRepo(db: Db) {
  const outbox = (q: Knex = db) => q('mail_outbox');
  return {
    async insert(trx: Knex, messages: NewOutboxMessage[], now: string): Promise<void> {
      if (messages.length === 0) return;
      await outbox(trx).insert(messages.map((m) => pendingRow(m, now)));
    },

    /** Queues one message; answers its id. */
    async insertOne(trx: Knex, message: NewOutboxMessage, now: string): Promise<number> {
      const [row] = await outbox(trx).insert(pendingRow(message, now)).returning('id');
      return Number((row as Row).id ?? row);
    },

    /** An enquiry's auto-reply, if one was queued: its state, subject and Message-ID. */
    async autoReplyOf(q: Knex, contactId: number) {
      const row = (await outbox(q)
        .where({ contact_id: contactId, kind: 'auto-reply' })
        .orderBy('id')
        .first('id', 'status', 'message_id', 'content', 'created_at')) as Row | undefined;
      if (!row) return null;
      const content = JSON.parse(String(row.content)) as MailContent;
      return {
        id: Number(row.id),
        createdAt: toIso(row.created_at),
        status: String(row.status) as 'pending' | 'sent' | 'failed',
        messageId: row.message_id ? String(row.message_id) : null,
        subject: content.subject,
      };
    },

    /**
     * Replies written to these enquiries' visitors and not sent yet (queued,
     * or going out) no longer belong to the enquiries: they stay in the
     * outbox when the enquiries are deleted, and go out. Answers how many.
     */
    async keepUnsentReplies(q: Knex, contactIds: readonly number[]): Promise<number> {
      return outbox(q)
        .whereIn('contact_id', contactIds)
        .where({ kind: 'reply', status: 'pending' })
        .update({ contact_id: null });
    },

    /** The kinds of mail an enquiry already has (queued, sent or failed). */
    async kindsFor(trx: Knex, contactId: number): Promise<OutboxKind[]> {
      return (await outbox(trx).where({ contact_id: contactId }).distinct('kind')).map(
        (r: Row) => r.kind as OutboxKind,
      );
    },

    /**
     * Drops what the site queued by itself for an enquiry (of one kind, if
     * given) and has not sent yet; answers how many rows went. A row a
     * worker claimed and has not let go (a lease set: it runs, or it ran out
     * because the worker died between the mail server accepting the message
     * and the row being marked sent) may be with the mail server already: it
     * stays, to be marked sent or failed (after a crash, repeated with its
     * own Message-ID), and so does the rest of its kind (an alert that is
     * going out goes to everyone it was for), so the kind counts as had
     * (`kindsFor`) and is never queued a second time.
     * The rows are read locked first (PostgreSQL: a claim skips them until
     * this commits; SQLite: this transaction holds the write lock).
     */
    async cancelPending(trx: Knex, contactId: number, kind?: OutboxKind): Promise<number> {
      const pending = outbox(trx)
        .where({ contact_id: contactId, status: 'pending', ...(kind && { kind }) })
        .whereIn('kind', AUTOMATIC_KINDS)
        .select('id', 'kind', 'lease_until');
      const rows = (await (isEmbedded(db) ? pending : pending.forUpdate())) as Row[];
      const held = new Set(rows.filter((r) => r.lease_until != null).map((r) => r.kind));
      const drop = rows.filter((r) => !held.has(r.kind)).map((r) => Number(r.id));
      if (drop.length === 0) return 0;
      return outbox(trx).whereIn('id', drop).delete();
    },

    /**
     * The webhook's address was cleared: its calls waiting to be made are
     * cancelled, in the transaction that clears it (`trx`). A call a worker
     * is making now (its lease runs) is left to it: it may be with the
     * receiver already; if it fails, the worker cancels it at its next try.
     * Answers how many were cancelled.
     */
    async cancelWaitingCalls(trx: Knex, now: string): Promise<number> {
      return outbox(trx)
        .where({ kind: 'webhook', status: 'pending' })
        .where(leaseFree(now))
        .update({ status: 'cancelled', lease_owner: null, lease_until: null });
    },

    /**
     * The state of e-mail delivery (webhook calls are listed apart); errors
     * as stored, the latest saying whether its message was refused for good
     * or waits to be tried again; e-mails cancelled (to colleagues who lost their access),
     * by reason.
     */
    async status() {
      const mails = () => outbox().whereNot('kind', 'webhook');
      const [counts, failure, delivery, cancelled] = await Promise.all([
        mails()
          .select(
            db.raw("sum(case when status = 'pending' then 1 else 0 end) as pending"),
            db.raw("sum(case when status = 'failed' then 1 else 0 end) as failed"),
          )
          .first(),
        mails()
          .whereNotNull('last_error_at')
          .orderBy([
            { column: 'last_error_at', order: 'desc' },
            { column: 'id', order: 'desc' },
          ])
          .first('last_error', 'last_error_at', 'status'),
        mails().max({ at: 'sent_at' }).first(),
        mails()
          .where('status', 'cancelled')
          .whereNotNull('cancel_reason')
          .groupBy('cancel_reason')
          .select('cancel_reason', db.raw('count(*) as n')) as Promise<Row[]>,
      ]);
      return {
        pending: toCount(counts?.pending),
        failed: toCount(counts?.failed),
        lastFailure: failure
          ? {
              at: toIso(failure.last_error_at),
              error: String(failure.last_error),
              // Refused for good (markFailed): that message is not tried again.
              permanent: failure.status === 'failed',
            }
          : null,
        lastDeliveryAt: toIsoOrNull(delivery?.at),
        cancelled: cancelled.map((r) => ({
          reason: String(r.cancel_reason) as MailCancelReason,
          count: toCount(r.n),
        })),
      };
    },
  };
}

export type OutboxRepo = ReturnType<typeof createOutboxRepo>;
