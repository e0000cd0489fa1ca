import type { Knex } from 'knex';
import { pickLanguage } from '#shared/languages';
import type { MailCancelReason } from '#shared/mail-status';
import { isEmbedded, type Db } from '../../db/knex';
import { toIso, toIsoOrNull } from '../../db/values';
import {
  ACCOUNT_MAIL_KINDS,
  leaseFree,
  type MailContent,
  type OutboxKind,
  type OutboxMessage,
  type WebhookContent,
} from './outbox.repo';

type Row = Record<string, unknown>;

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

/** Why a row is cancelled: a webhook call's last failure, or the account mail's reason. */
export type CancelCause = { failure?: { error: string; at: string }; reason?: MailCancelReason };

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
 * The outbox as the worker takes it: due rows claimed one at a time by a
 * single atomic UPDATE carrying a lease token, so of several workers
 * (processes or instances) exactly one gets each row (PostgreSQL also skips
 * rows another transaction has locked), and each row marked by the worker
 * that holds its lease. What the features queue, and the status, are
 * outbox.repo.ts's.
 */
export function createOutboxLeases(db: Db) {
  const outbox = (q: Knex = db) => q('mail_outbox');
  /** For an account mail that will not be sent (again): its content without the link. */
  const linkDropped = async (id: number, q: Knex = db) => {
    const row = await outbox(q).where({ id }).whereIn('kind', ACCOUNT_MAIL_KINDS).first('content');
    return row ? { content: withoutLink(String(row.content)) } : {};
  };
  return {
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
  };
}

export type OutboxLeases = ReturnType<typeof createOutboxLeases>;
