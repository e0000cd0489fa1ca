import type { Knex } from 'knex';
import type { Config } from '../../config';
import type { Db } from '../../db/knex';
import type { Logger } from '../../logger';
import type { Clock } from '../../clock';
import { classifyWebhookFailure, type WebhookTransport } from './webhook-transport';
import type { CancelCause, OutboxLeases } from './outbox-leases.repo';
import type { MailContent, OutboxKind, OutboxMessage, WebhookContent } from './outbox.repo';
import { createRecipientAccess } from './recipient-access';
import { classifyFailure, smtpSecret, type MailTransport } from './smtp-transport';

/** When a failed attempt is tried again. */
export type RetryTiming = {
  /** The first retry's wait; it doubles with each failed attempt up to `backoffCapMs`. */
  backoffBaseMs: number;
  backoffCapMs: number;
};

/** The wait after the n-th failed attempt: 5 s, 10 s, 20 s, 40 s, then 60 s for good. */
export function backoffMs(attempts: number, timing: RetryTiming) {
  const exponent = Math.min(Math.max(attempts - 1, 0), 20);
  return Math.min(timing.backoffCapMs, timing.backoffBaseMs * 2 ** exponent);
}

/** Stable per outbox row, so a message repeated after a crash is recognisable as the same one. */
export function messageId(message: Pick<OutboxMessage, 'id' | 'createdAt'>, fromAddress: string) {
  const domain = fromAddress.split('@').pop() ?? 'localhost';
  return `<enquiry-mail.${message.id}.${Date.parse(message.createdAt)}@${domain}>`;
}

/** How long a webhook call is tried before it counts as failed (the receiver was down all along). */
export const WEBHOOK_GIVE_UP_MS = 24 * 60 * 60 * 1000;

/** The webhook's side of the worker: how calls are made, and where to and with which key. */
export type WebhookDelivery = {
  transport: Pick<WebhookTransport, 'send'>;
  /**
   * The webhook's address and signing key as stored now (not a snapshot):
   * a queued call goes to the address set when it is made, and is dropped
   * when none is set any more.
   */
  setting(): Promise<{ url: string; secret: string }>;
};

/**
 * The first wait before marking an accepted message sent is tried again; it
 * doubles up to the second, for as long as the row's lease lasts.
 */
export const MARK_SENT_RETRY_FIRST_MS = 250;
export const MARK_SENT_RETRY_MAX_MS = 5_000;

/**
 * How a row that names an enquiry ended, as the worker hands it on: failed
 * for good (refused by the mail server, or a webhook call given up on) or
 * cancelled unsent.
 */
export type EnquiryMailEnd = {
  kind: OutboxKind;
  outcome: 'failed' | 'cancelled';
  contactId: number;
};

/**
 * What the end of a row does to the enquiry it names (contacts'
 * enquiry-mail-ends.ts decides, per kind), called in the transaction that
 * marks the row, once the mark took.
 */
export type EnquiryMailEnded = (trx: Knex.Transaction, end: EnquiryMailEnd) => Promise<unknown>;

/** Error texts for the log, without anybody's e-mail address. */
const forLog = (text: string) => text.replace(/[^\s<>@"]+@[^\s<>@"]+/g, '[address]');

const iso = (ms: number) => new Date(ms).toISOString();

/**
 * The delivery of one claimed outbox row, for the worker that claimed it
 * (mail.worker.ts): the e-mail sent, or the webhook called, and the row
 * marked sent, to be retried, failed or cancelled, every mark naming the
 * worker's lease token (`owner`) so a row taken over by another worker is
 * left to it. An e-mail queued for a colleague's account is first checked
 * against the account (recipient-access.ts). A row that names an enquiry
 * and fails or is cancelled for good hands that end to `enquiryMailEnded`
 * in the transaction that marks it.
 */
export function createOutboxDelivery(deps: {
  db: Db;
  leases: OutboxLeases;
  /** The lease token of the worker whose rows these are. */
  owner: string;
  /** The e-mail configuration and its transport; without them, only webhook calls are made. */
  mail?: Config['mail'];
  transport?: MailTransport;
  webhooks: WebhookDelivery;
  enquiryMailEnded?: EnquiryMailEnded;
  logger: Logger;
  clock: Clock;
  timing: RetryTiming;
  /** Whether the worker still runs: an unrecorded sent mark is tried again only while it does. */
  running(): boolean;
}) {
  const { db, leases, owner, mail, transport, webhooks, logger, clock, timing } = deps;
  const recipients = createRecipientAccess(db);
  const secret = mail ? smtpSecret(mail.smtpUrl) : undefined;

  /**
   * Records that the server accepted a claimed row (`leaseEnd`: when its
   * lease runs out, in ms). A database restarting or failing over at that
   * moment must not send the message again: unmarked, the row stays pending
   * and any worker claims and sends it once the lease has run out. So the
   * mark is tried again, with back-off, as long as a try can still start
   * within the lease; only a database gone for all of it repeats the message
   * (with the same Message-ID), as a crash does.
   */
  async function recordSent(
    message: OutboxMessage,
    leaseEnd: number,
    sentMessageId: string | null = null,
  ): Promise<void> {
    const log = { outbox: message.id, kind: message.kind };
    for (let wait = MARK_SENT_RETRY_FIRST_MS; ; wait = Math.min(wait * 2, MARK_SENT_RETRY_MAX_MS)) {
      try {
        const ours = await leases.markSent(message.id, owner, clock().toISOString(), sentMessageId);
        if (!ours) logger.warn(log, 'sent, but the row is no longer this worker’s to mark');
        return;
      } catch (err) {
        if (!deps.running() || clock().getTime() + wait >= leaseEnd) {
          logger.error(
            { ...log, err },
            'sent, but not marked sent: it goes out again after its lease',
          );
          return;
        }
        logger.warn(
          { ...log, err, retryInMs: wait },
          'sent, but not marked sent yet; trying again',
        );
        await new Promise((resolve) => setTimeout(resolve, wait));
      }
    }
  }

  /**
   * Marks a row failed or cancelled for good (`mark`, on the query runner
   * given). A row that names an enquiry is marked in a transaction that,
   * once the mark took (the row was still this worker's), hands the end to
   * `enquiryMailEnded`: what it does to the enquiry commits with the mark or
   * not at all. The worker knows no kind of enquiry mail.
   */
  async function markEnded(
    message: OutboxMessage,
    outcome: EnquiryMailEnd['outcome'],
    mark: (q: Knex) => Promise<boolean>,
  ): Promise<void> {
    const { enquiryMailEnded } = deps;
    const { kind, contactId } = message;
    if (contactId === null || !enquiryMailEnded) {
      await mark(db);
      return;
    }
    await db.transaction(async (trx) => {
      if (await mark(trx)) await enquiryMailEnded(trx, { kind, outcome, contactId });
    });
  }

  const markFailed = (message: OutboxMessage, error: string, at: string) =>
    markEnded(message, 'failed', (q) => leases.markFailed(message.id, owner, error, at, q));

  const markCancelled = (message: OutboxMessage, cause: CancelCause = {}) =>
    markEnded(message, 'cancelled', (q) => leases.markCancelled(message.id, owner, cause, q));

  /**
   * Makes one webhook call, to the address set now: a call queued for an
   * address since changed goes to the new one (and its row says so), one
   * queued before the address was cleared is cancelled, never made. A
   * failure waits its own back-off (or, after a day, fails for good), unless
   * the address was cleared while the call was made: then it is cancelled.
   */
  async function call(
    message: OutboxMessage & { content: WebhookContent },
    leaseEnd: number,
  ): Promise<boolean> {
    try {
      const { url, secret } = await webhooks.setting();
      if (url === '') {
        await markCancelled(message);
        logger.info({ outbox: message.id }, 'webhook call cancelled: no webhook address is set');
        return true;
      }
      if (url !== message.recipient) {
        await leases.readdress(message.id, owner, url);
        logger.info(
          { outbox: message.id },
          'webhook call goes to the address set since it was queued',
        );
      }
      await webhooks.transport.send(
        { id: message.id, event: message.content.event, url, body: message.content.body, secret },
        clock(),
      );
    } catch (error) {
      const failure = classifyWebhookFailure(error);
      const now = clock().getTime();
      const log = { outbox: message.id, attempts: message.attempts, error: failure.message };
      // Stored as a code and its values, which the admin words in the reader's language.
      const stored = JSON.stringify(failure.error);
      if (failure.permanent || now - Date.parse(message.createdAt) > WEBHOOK_GIVE_UP_MS) {
        await markFailed(message, stored, iso(now));
        logger.error(log, 'webhook call failed; not retried');
        return true;
      }
      // Cleared while this call was being made: not tried again, and the admin sees so now.
      const cleared = await webhooks.setting().then(
        ({ url }) => url === '',
        () => false, // the settings unreadable: the retry below decides then
      );
      if (cleared) {
        await markCancelled(message, { failure: { error: stored, at: iso(now) } });
        logger.info(log, 'webhook call failed; not retried: no webhook address is set');
        return true;
      }
      const next = iso(now + backoffMs(message.attempts, timing));
      await leases.markRetry(message.id, owner, stored, iso(now), next);
      logger.warn({ ...log, retryAt: next }, 'webhook call failed; will retry');
      return true;
    }
    await recordSent(message, leaseEnd);
    logger.info({ outbox: message.id }, 'webhook called');
    return true;
  }

  /** Sends one claimed row; answers false when the mail server could not be reached at all. */
  async function deliver(message: OutboxMessage, leaseEnd: number): Promise<boolean> {
    if (message.kind === 'webhook') return call(message, leaseEnd);
    if (!mail || !transport) return true; // no e-mail lane while e-mail is off
    // Queued for a colleague's account: not sent once it may no longer read what it says.
    const reason = await recipients.refusal(message);
    if (reason) {
      await markCancelled(message, { reason });
      logger.info(
        { outbox: message.id, kind: message.kind, reason },
        'e-mail cancelled: its recipient’s account no longer may have it',
      );
      return true;
    }
    const id = messageId(message, mail.from.address);
    try {
      await transport.send({
        ...(message.content as MailContent),
        from: mail.from,
        to: message.recipient,
        messageId: id,
      });
    } catch (error) {
      const failure = classifyFailure(error, secret);
      const now = clock().getTime();
      const log = {
        outbox: message.id,
        kind: message.kind,
        attempts: message.attempts,
        error: forLog(failure.message),
      };
      // Stored as a code and its values, which the admin words in the reader's language.
      const stored = JSON.stringify(failure.error);
      if (failure.permanent) {
        await markFailed(message, stored, iso(now));
        logger.error(log, 'e-mail refused by the mail server; not retried');
        return true;
      }
      const next = iso(now + backoffMs(message.attempts, timing));
      await leases.markRetry(message.id, owner, stored, iso(now), next);
      logger.warn({ ...log, retryAt: next }, 'e-mail not delivered; will retry');
      if (!failure.unreachable) return true;
      await leases.postponeDue(iso(now), next);
      return false;
    }
    await recordSent(message, leaseEnd, id);
    logger.info({ outbox: message.id, kind: message.kind }, 'e-mail sent');
    return true;
  }

  return { deliver };
}

export type OutboxDelivery = ReturnType<typeof createOutboxDelivery>;
