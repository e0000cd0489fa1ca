import { randomBytes } from 'node:crypto';
import type { Knex } from 'knex';
import type { Config } from '../../config';
import type { Db } from '../../db/knex';
import type { Logger } from '../../logger';
import {
  classifyWebhookFailure,
  createWebhookTransport,
  type WebhookTransport,
} from './webhook-transport';
import {
  createOutboxRepo,
  type CancelCause,
  type ClaimKinds,
  type MailContent,
  type OutboxKind,
  type OutboxMessage,
  type OutboxRepo,
  type WebhookContent,
} from './outbox.repo';
import type { OutboxSignal } from './outbox-signal';
import { createRecipientAccess } from './recipient-access';
import {
  classifyFailure,
  createSmtpTransport,
  smtpSecret,
  type MailTransport,
} from './smtp-transport';
import { systemClock, type Clock } from '../../clock';

export type WorkerTiming = {
  /** The longest wait between two looks at the outbox (docs/api.md, "E-mail": at least once a minute). */
  pollMs: number;
  /** How long a claimed row stays with this worker; after a crash it is sent again once this ends. */
  leaseMs: number;
  /** The first retry's wait; it doubles with each failed attempt up to `backoffCapMs`. */
  backoffBaseMs: number;
  backoffCapMs: number;
  /** How long stop() waits for a delivery in flight before letting the lease cover it. */
  stopWaitMs: number;
};

export const DEFAULT_TIMING: WorkerTiming = {
  pollMs: 60_000,
  leaseMs: 120_000,
  backoffBaseMs: 5_000,
  backoffCapMs: 60_000,
  stopWaitMs: 5_000,
};

/** The wait after the n-th failed attempt: 5 s, 10 s, 20 s, 40 s, then 60 s for good. */
export function backoffMs(
  attempts: number,
  timing: Pick<WorkerTiming, 'backoffBaseMs' | 'backoffCapMs'>,
) {
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

/** What the end of a row does to the enquiry it names, in the transaction that marks the row. */
export type EnquiryMailEnded = (trx: Knex.Transaction, end: EnquiryMailEnd) => Promise<unknown>;

/** Error texts for the log, without anybody's e-mail address. */
const forLog = (text: string) => text.replace(/[^\s<>@"]+@[^\s<>@"]+/g, '[address]');

/**
 * The background sender: claims due outbox rows one at a time (a lease token,
 * atomically, so several workers and instances never share a row), sends,
 * and marks each row sent as soon as the server accepted it. Failures wait
 * with exponential back-off capped at a minute; a server that cannot be
 * reached holds back the other due rows too, so a dead server gets one
 * attempt per wait, not one per message. Webhook calls queued in the same
 * outbox are made here too, each with its own back-off, for a day at most,
 * in a lane of their own beside the e-mails' (each lane claims, sends and
 * waits by itself), so a receiver that takes its full timeout to fail never
 * holds up an alert, an auto-reply or an account e-mail. With e-mail off (no
 * SMTP_URL) only the webhook lane runs. An e-mail queued for a colleague's
 * account because of its role is sent only while the account still exists,
 * is active and has the access the mail needs, read right before sending
 * (recipient-access.ts); otherwise it is cancelled with the reason. A row
 * that names an enquiry and fails or is cancelled for good hands that end
 * to contacts in the transaction that marks it (`enquiryMailEnded`), which
 * decides what it does to the enquiry. Started by server/index.ts (and by
 * tests), never by createApp.
 */
export function createMailWorker(deps: {
  db: Db;
  /** The e-mail configuration; without it, only webhook calls are made. */
  mail?: Config['mail'];
  logger: Logger;
  webhooks?: WebhookDelivery;
  signal?: OutboxSignal;
  transport?: MailTransport;
  /** The outbox (tests wrap it to act at a given step); the table on `db` by default. */
  repo?: OutboxRepo;
  /**
   * What the end of a row that names an enquiry does to the enquiry
   * (contacts' enquiry-mail-ends.ts decides, per kind), called in the
   * transaction that marks the row, once the mark took.
   */
  enquiryMailEnded?: EnquiryMailEnded;
  timing?: Partial<WorkerTiming>;
  clock?: Clock;
}) {
  const { db, mail, logger } = deps;
  const timing = { ...DEFAULT_TIMING, ...deps.timing };
  const clock = deps.clock ?? systemClock;
  const repo = deps.repo ?? createOutboxRepo(db);
  const recipients = createRecipientAccess(db);
  const transport = mail ? (deps.transport ?? createSmtpTransport(mail.smtpUrl)) : undefined;
  const secret = mail ? smtpSecret(mail.smtpUrl) : undefined;
  const webhooks: WebhookDelivery = deps.webhooks ?? {
    transport: createWebhookTransport({ allowPrivate: false }),
    setting: async () => ({ url: '', secret: '' }),
  };
  const owner = `worker-${process.pid}-${randomBytes(6).toString('hex')}`;
  const iso = (ms: number) => new Date(ms).toISOString();

  /** One lane of claims: its kinds, its next look, the round in flight, and whether to look again after it. */
  type Lane = {
    kinds: ClaimKinds;
    timer?: NodeJS.Timeout;
    busy: Promise<void> | null;
    again: boolean;
  };
  const lanes: Lane[] = (mail ? (['mail', 'webhooks'] as const) : (['webhooks'] as const)).map(
    (kinds) => ({ kinds, busy: null, again: false }),
  );

  let running = false;
  let unsubscribe: (() => void) | undefined;

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
        const ours = await repo.markSent(message.id, owner, clock().toISOString(), sentMessageId);
        if (!ours) logger.warn(log, 'sent, but the row is no longer this worker’s to mark');
        return;
      } catch (err) {
        if (!running || clock().getTime() + wait >= leaseEnd) {
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
    markEnded(message, 'failed', (q) => repo.markFailed(message.id, owner, error, at, q));

  const markCancelled = (message: OutboxMessage, cause: CancelCause = {}) =>
    markEnded(message, 'cancelled', (q) => repo.markCancelled(message.id, owner, cause, q));

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
        await repo.readdress(message.id, owner, url);
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
      await repo.markRetry(message.id, owner, stored, iso(now), next);
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
      await repo.markRetry(message.id, owner, stored, iso(now), next);
      logger.warn({ ...log, retryAt: next }, 'e-mail not delivered; will retry');
      if (!failure.unreachable) return true;
      await repo.postponeDue(iso(now), next);
      return false;
    }
    await recordSent(message, leaseEnd, id);
    logger.info({ outbox: message.id, kind: message.kind }, 'e-mail sent');
    return true;
  }

  async function drain(lane: Lane): Promise<void> {
    while (running) {
      const now = clock().getTime();
      const leaseEnd = now + timing.leaseMs;
      const message = await repo.claim(owner, iso(now), iso(leaseEnd), lane.kinds);
      if (!message || !(await deliver(message, leaseEnd))) return;
    }
  }

  async function tick(lane: Lane): Promise<void> {
    let delay = timing.pollMs;
    try {
      await drain(lane);
      const due = await repo.nextDueAt(lane.kinds);
      if (due) delay = Math.min(delay, Math.max(Date.parse(due) - clock().getTime(), 0) + 10);
    } catch (err) {
      // A busy or failing database: due rows stay due; look again after the first back-off.
      delay = Math.min(delay, timing.backoffBaseMs);
      logger.error(
        { err, lane: lane.kinds },
        'mail worker could not read the outbox; trying again',
      );
    }
    if (!running) return;
    clearTimeout(lane.timer);
    lane.timer = setTimeout(() => wakeLane(lane), delay);
    lane.timer.unref();
  }

  function wakeLane(lane: Lane): void {
    if (!running) return;
    if (lane.busy) {
      lane.again = true;
      return;
    }
    clearTimeout(lane.timer);
    lane.busy = tick(lane).finally(() => {
      lane.busy = null;
      if (lane.again) {
        lane.again = false;
        wakeLane(lane);
      }
    });
  }

  /** Both lanes look at the outbox (new rows may be of either). */
  function wake(): void {
    for (const lane of lanes) wakeLane(lane);
  }

  return {
    start(): void {
      if (running) return;
      running = true;
      unsubscribe = deps.signal?.subscribe(wake);
      wake();
    },
    /** Looks at the outbox now (new rows were committed). */
    nudge: wake,
    /** Stops polling and waits (briefly) for the delivery in flight. */
    async stop(): Promise<void> {
      running = false;
      for (const lane of lanes) clearTimeout(lane.timer);
      unsubscribe?.();
      const busy = lanes.flatMap((lane) => lane.busy ?? []);
      if (busy.length > 0) {
        let wait: NodeJS.Timeout | undefined;
        await Promise.race([
          Promise.all(busy),
          new Promise((r) => (wait = setTimeout(r, timing.stopWaitMs))),
        ]);
        clearTimeout(wait);
      }
      transport?.close();
    },
  };
}

export type MailWorker = ReturnType<typeof createMailWorker>;

/** What an operator should know at start about the e-mail settings. */
export function logMailSetup(
  config: Pick<Config, 'mail' | 'publicUrl' | 'port'>,
  logger: Logger,
): void {
  const mail = config.mail;
  if (!mail) {
    logger.info('e-mail is off (SMTP_URL unset): no enquiry alerts or auto-replies are sent');
    return;
  }
  logger.info(
    { notify: mail.notify.length, autoReply: mail.autoReply },
    'e-mail is on: enquiry alerts and auto-replies go out through SMTP_URL',
  );
  if (mail.notify.length === 0 && !mail.autoReply) {
    logger.warn(
      'SMTP_URL is set, but NOTIFY_EMAIL is empty and AUTO_REPLY is false: no e-mail will be sent',
    );
  }
  // Enquiry e-mails link to this server (mail.service.ts); account e-mails to the origin of the
  // request that asked for them (public-origin.ts), a password reset's only when that is this
  // machine, since anyone may ask for one naming any Host.
  if (!config.publicUrl) {
    logger.warn(
      `SMTP_URL is set without PUBLIC_URL: links in enquiry e-mails point to http://localhost:${config.port}, links in invitations and address confirmations follow the Host the signed-in request names, and password-reset links name this machine unless asked for on it; set PUBLIC_URL to the site's public address`,
    );
  }
}
