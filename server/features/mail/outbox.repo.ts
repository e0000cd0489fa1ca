import type { Knex } from 'knex';
import { pickLanguage, type Language } from '#shared/languages';
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

/**
 * What is left of an account mail once it went out or was refused: the
 * subject; the link (a working credential until it expires) is not kept.
 */
const withoutLink = (content: string) => {
  try {
    const { subject } = JSON.parse(content) as MailContent;
    return JSON.stringify({ subject, text: '', html: '' });
  } catch {
    return JSON.stringify({ subject: '', text: '', html: '' });
  }
};

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

/** Why a row is cancelled: a webhook call's last failure, or the account mail's reason. */
export type CancelCause = { failure?: { error: string; at: string }; reason?: MailCancelReason };

type DistributiveOmit<T, K extends PropertyKey> = T extends unknown ? Omit<T, K> : never;

export type NewOutboxMessage = DistributiveOmit<
  OutboxMessage,
  'id' | 'attempts' | 'createdAt' | 'accountId'
> & { accountId?: number | null };

type Row = Record<string, unknown>;

const toMessage = (row: Row): OutboxMessage =>
  ({
    id: Number(row.id),
    kind: row.kind as OutboxKind,
    contactId:
      row.contact_id === null || row.contact_id === undefined ? null : Number(row.contact_id),
    recipient: String(row.recipient),
    accountId:
      row.account_id === null || row.account_id === undefined ? null : Number(row.account_id),
    language: pickLanguage(row.language),
    content: JSON.parse(String(row.content)) as MailContent | WebhookContent,
    attempts: Number(row.attempts),
    createdAt: toIso(row.created_at),
  }) as OutboxMessage;

/**
 * Which kinds a claim takes: all of them, only e-mails, or only webhook
 * calls. The worker claims e-mails and webhook calls in lanes of their own,
 * so a receiver that never answers never holds up an e-mail.
 */
export type ClaimKinds = 'all' | 'mail' | 'webhooks';

/** The claim's condition on `kind`, as SQL (PostgreSQL's claim). */
const KIND_SQL: Record<ClaimKinds, string> = {
  all: '',
  mail: "and kind <> 'webhook'",
  webhooks: "and kind = 'webhook'",
};

/** Narrows a query on the outbox to the kinds of a claim. */
const ofKinds = (q: Knex.QueryBuilder, kinds: ClaimKinds) => {
  if (kinds === 'webhooks') q.where('kind', 'webhook');
  if (kinds === 'mail') q.whereNot('kind', 'webhook');
  return q;
};

/** Free to claim: nobody holds the lease, or its holder let it run out (a crash). */
const leaseFree = (now: string) => (q: Knex.QueryBuilder) =>
  q.whereNull('lease_until').orWhere('lease_until', '<', now);

/**
 * PostgreSQL: the due row is picked and locked once in a CTE (`SKIP LOCKED`
 * passes over rows another transaction is claiming). A `WHERE id IN
 * (SELECT … LIMIT 1 FOR UPDATE SKIP LOCKED)` may be rescanned by the planner
 * and claim many rows at once, so it is not used here.
 */
async function claimOnPostgres(
  db: Db,
  owner: string,
  now: string,
  leaseUntil: string,
  kinds: ClaimKinds,
): Promise<Row[]> {
  const result = await db.raw(
    `with due as (
       select id from mail_outbox
       where status = 'pending' and next_attempt_at <= ? and (lease_until is null or lease_until < ?)
       ${KIND_SQL[kinds]}
       order by next_attempt_at, id
       limit 1
       for update skip locked
     )
     update mail_outbox as m
     set lease_owner = ?, lease_until = ?, attempts = m.attempts + 1
     from due
     where m.id = due.id
     returning m.*`,
    [now, now, owner, leaseUntil],
  );
  return (result as { rows: Row[] }).rows;
}

/**
 * The outbox table. Rows are written with the enquiry's transaction and
 * claimed one at a time by a single atomic UPDATE carrying a lease token, so
 * of several workers (processes or instances) exactly one gets each row:
 * PostgreSQL also skips rows another transaction has locked.
 */
export function createOutboxRepo(db: Db) {
  const outbox = (q: Knex = db) => q('mail_outbox');
  /** For an account mail that will not be sent (again): its content without the link. */
  const linkDropped = async (id: number, q: Knex = db) => {
    const row = await outbox(q).where({ id }).whereIn('kind', ACCOUNT_MAIL_KINDS).first('content');
    return row ? { content: withoutLink(String(row.content)) } : {};
  };
  return {
    async insert(trx: Knex, messages: NewOutboxMessage[], now: string): Promise<void> {
      if (messages.length === 0) return;
      await outbox(trx).insert(
        messages.map((m) => ({
          kind: m.kind,
          contact_id: m.contactId,
          recipient: m.recipient,
          account_id: m.accountId ?? null,
          language: m.language,
          content: JSON.stringify(m.content),
          status: 'pending',
          attempts: 0,
          next_attempt_at: now,
          created_at: now,
        })),
      );
    },

    /** Queues one message; answers its id. */
    async insertOne(trx: Knex, message: NewOutboxMessage, now: string): Promise<number> {
      const [row] = await outbox(trx)
        .insert({
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
        })
        .returning('id');
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

    async claim(
      owner: string,
      now: string,
      leaseUntil: string,
      kinds: ClaimKinds = 'all',
    ): Promise<OutboxMessage | null> {
      const due = outbox()
        .select('id')
        .where('status', 'pending')
        .where('next_attempt_at', '<=', now)
        .where(leaseFree(now));
      ofKinds(due, kinds);
      const rows = !isEmbedded(db)
        ? await claimOnPostgres(db, owner, now, leaseUntil, kinds)
        : await outbox()
            .whereIn('id', due.orderBy([{ column: 'next_attempt_at' }, { column: 'id' }]).limit(1))
            .where('status', 'pending')
            .where(leaseFree(now))
            .update({
              lease_owner: owner,
              lease_until: leaseUntil,
              attempts: db.raw('attempts + 1'),
            })
            .returning('*');
      return rows[0] ? toMessage(rows[0]) : null;
    },

    /**
     * Sent, with the Message-ID it went out with (e-mails). This and the two
     * below change the row only while `owner` holds its lease (or held it
     * last: it ran out and nobody claimed the row since), and answer whether
     * they did: a worker whose lease ran out and was taken by another never
     * overwrites what that one records.
     */
    async markSent(
      id: number,
      owner: string,
      now: string,
      messageId: string | null = null,
    ): Promise<boolean> {
      const changed = await outbox()
        .where({ id, lease_owner: owner })
        .update({
          status: 'sent',
          sent_at: now,
          message_id: messageId,
          lease_owner: null,
          lease_until: null,
          ...(await linkDropped(id)),
        });
      return changed > 0;
    },

    async markRetry(
      id: number,
      owner: string,
      error: string,
      now: string,
      nextAttemptAt: string,
    ): Promise<boolean> {
      const changed = await outbox().where({ id, lease_owner: owner }).update({
        next_attempt_at: nextAttemptAt,
        last_error: error,
        last_error_at: now,
        lease_owner: null,
        lease_until: null,
      });
      return changed > 0;
    },

    /** Failed for good; in `q`, a transaction that changes what the failure changes with it. */
    async markFailed(
      id: number,
      owner: string,
      error: string,
      now: string,
      q: Knex = db,
    ): Promise<boolean> {
      const changed = await outbox(q)
        .where({ id, lease_owner: owner })
        .update({
          status: 'failed',
          last_error: error,
          last_error_at: now,
          lease_owner: null,
          lease_until: null,
          ...(await linkDropped(id, q)),
        });
      return changed > 0;
    },

    /**
     * Not sent, for good, while `owner` holds its lease: a webhook call whose
     * address was cleared while it waited, or while it was being made and it
     * failed (`failure` says why); an e-mail to a colleague whose account no
     * longer may have it (`reason`, the account's mail only).
     */
    async markCancelled(
      id: number,
      owner: string,
      { failure, reason }: CancelCause = {},
      q: Knex = db,
    ): Promise<boolean> {
      const changed = await outbox(q)
        .where({ id, lease_owner: owner })
        .where((q) => (reason ? q.whereNotNull('account_id') : q.where('kind', 'webhook')))
        .update({
          status: 'cancelled',
          lease_owner: null,
          lease_until: null,
          ...(failure && { last_error: failure.error, last_error_at: failure.at }),
          ...(reason && { cancel_reason: reason }),
        });
      return changed > 0;
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

    /** A webhook call goes to the address set since it was queued, while `owner` holds its lease. */
    async readdress(id: number, owner: string, recipient: string): Promise<boolean> {
      const changed = await outbox()
        .where({ id, kind: 'webhook', lease_owner: owner })
        .update({ recipient });
      return changed > 0;
    },

    /** While the mail server is unreachable, the other due e-mails wait for the next try too. */
    async postponeDue(now: string, until: string): Promise<void> {
      await outbox()
        .where('status', 'pending')
        .whereNot('kind', 'webhook')
        .where('next_attempt_at', '<', until)
        .where(leaseFree(now))
        .update({ next_attempt_at: until });
    },

    /** When the next pending row can be claimed: due, and any lease run out (null: nothing pending). */
    async nextDueAt(kinds: ClaimKinds = 'all'): Promise<string | null> {
      const pending = ofKinds(outbox().where('status', 'pending'), kinds);
      const row = await pending
        .select(
          db.raw(
            'min(case when lease_until is not null and lease_until > next_attempt_at then lease_until else next_attempt_at end) as at',
          ),
        )
        .first();
      return toIsoOrNull(row?.at);
    },

    /**
     * The state of e-mail delivery (webhook calls are listed apart); errors
     * as stored; e-mails cancelled (to colleagues who lost their access),
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
          .first('last_error', 'last_error_at'),
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
          ? { at: toIso(failure.last_error_at), error: String(failure.last_error) }
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
