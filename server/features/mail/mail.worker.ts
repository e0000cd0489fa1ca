import { randomBytes } from 'node:crypto';
import type { Config } from '../../config';
import type { Db } from '../../db/knex';
import type { Logger } from '../../logger';
import { createWebhookTransport } from './webhook-transport';
import { createOutboxLeases, type ClaimKinds, type OutboxLeases } from './outbox-leases.repo';
import {
  createOutboxDelivery,
  type EnquiryMailEnded,
  type RetryTiming,
  type WebhookDelivery,
} from './outbox-delivery';
import type { OutboxSignal } from './outbox-signal';
import { createSmtpTransport, type MailTransport } from './smtp-transport';
import { systemClock, type Clock } from '../../clock';

export type WorkerTiming = RetryTiming & {
  /** The longest wait between two looks at the outbox (docs/api.md, "E-mail": at least once a minute). */
  pollMs: number;
  /** How long a claimed row stays with this worker; after a crash it is sent again once this ends. */
  leaseMs: number;
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
 * decides what it does to the enquiry. This file holds the lanes and their
 * claims; the delivery of one claimed row is outbox-delivery.ts's. Started
 * by server/index.ts (and by tests), never by createApp.
 */
export function createMailWorker(deps: {
  db: Db;
  /** The e-mail configuration; without it, only webhook calls are made. */
  mail?: Config['mail'];
  logger: Logger;
  webhooks?: WebhookDelivery;
  signal?: OutboxSignal;
  transport?: MailTransport;
  /** The outbox's claims and marks (tests wrap them to act at a given step); on `db` by default. */
  leases?: OutboxLeases;
  /** What the end of a row that names an enquiry does to the enquiry: contacts' to say. */
  enquiryMailEnded?: EnquiryMailEnded;
  timing?: Partial<WorkerTiming>;
  clock?: Clock;
}) {
  const { db, mail, logger } = deps;
  const timing = { ...DEFAULT_TIMING, ...deps.timing };
  const clock = deps.clock ?? systemClock;
  const leases = deps.leases ?? createOutboxLeases(db);
  const transport = mail ? (deps.transport ?? createSmtpTransport(mail.smtpUrl)) : undefined;
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

  const { deliver } = createOutboxDelivery({
    db,
    leases,
    owner,
    mail,
    transport,
    webhooks: deps.webhooks ?? {
      transport: createWebhookTransport({ allowPrivate: false }),
      setting: async () => ({ url: '', secret: '' }),
    },
    enquiryMailEnded: deps.enquiryMailEnded,
    logger,
    clock,
    timing,
    running: () => running,
  });

  async function drain(lane: Lane): Promise<void> {
    while (running) {
      const now = clock().getTime();
      const leaseEnd = now + timing.leaseMs;
      const message = await leases.claim(owner, iso(now), iso(leaseEnd), lane.kinds);
      if (!message || !(await deliver(message, leaseEnd))) return;
    }
  }

  async function tick(lane: Lane): Promise<void> {
    let delay = timing.pollMs;
    try {
      await drain(lane);
      const due = await leases.nextDueAt(lane.kinds);
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
