import { createEnquiryMailEnds } from '../../server/features/contacts/enquiry-mail-ends';
import { createMailWorker, type WorkerTiming } from '../../server/features/mail/mail.worker';
import type { EnquiryMailEnded } from '../../server/features/mail/outbox-delivery';
import { startSmtpServer, type TestSmtpServer } from './smtp-server';
import { createTestApp, type TestApp } from './test-app';

/** Quick retries for tests: the same back-off rule, in tens of milliseconds. */
export const FAST_TIMING: Partial<WorkerTiming> = {
  pollMs: 2_000,
  leaseMs: 5_000,
  backoffBaseMs: 50,
  backoffCapMs: 400,
  stopWaitMs: 2_000,
};

/**
 * The mail worker of a test app (as server/index.ts starts it, unless
 * `enquiryMailEnded` stands in for contacts' hook), started; stop it
 * before closing the app.
 */
export function startMailWorker(
  t: TestApp,
  timing: Partial<WorkerTiming> = FAST_TIMING,
  enquiryMailEnded: EnquiryMailEnded = createEnquiryMailEnds(t.db).ended,
) {
  if (!t.config.mail) throw new Error('the test app has no SMTP_URL');
  const worker = createMailWorker({
    db: t.db,
    mail: t.config.mail,
    logger: t.logger,
    signal: t.outboxSignal,
    enquiryMailEnded,
    timing,
  });
  worker.start();
  return worker;
}

/** Outbox rows of a test app, oldest first. */
export async function outboxRows(t: TestApp) {
  return t
    .db('mail_outbox')
    .orderBy('id')
    .select('id', 'kind', 'recipient', 'status', 'attempts', 'last_error', 'contact_id');
}

/** Waits until a condition holds (polling every 20 ms), failing after `timeoutMs`. */
export async function until<T>(
  read: () => Promise<T>,
  ok: (value: T) => boolean,
  timeoutMs = 10_000,
) {
  const started = Date.now();
  for (;;) {
    const value = await read();
    if (ok(value)) return value;
    if (Date.now() - started > timeoutMs)
      throw new Error(`condition not met in ${timeoutMs} ms: ${JSON.stringify(value)}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

/** Waits until no row of a test app's outbox is pending (each is sent, failed or cancelled): the rows. */
export const outboxSettled = (t: TestApp) =>
  until(
    () => outboxRows(t),
    (rows) => rows.every((r) => r.status !== 'pending'),
  );

/** Runs a mail worker of a test app until its outbox has settled, then stops it: the rows. */
export async function deliverAll(t: TestApp) {
  const worker = startMailWorker(t);
  try {
    return await outboxSettled(t);
  } finally {
    await worker.stop();
  }
}

/** A test app whose mail goes to a real SMTP server on 127.0.0.1, its mail worker running. */
export type MailingApp = {
  t: TestApp;
  smtp: TestSmtpServer;
  /** Stops the worker, then closes the app and the SMTP server. */
  stop(): Promise<void>;
};

/**
 * Starts a MailingApp that signs its mail as the team and names the public
 * address in its links; `env` adds to or overrides that.
 */
export async function startMailingApp(env: Record<string, string> = {}): Promise<MailingApp> {
  const smtp = await startSmtpServer();
  const t = await createTestApp({
    SMTP_URL: smtp.url,
    MAIL_FROM: 'Forge Industrial <team@forge.example>',
    PUBLIC_URL: 'https://www.forge.example',
    ...env,
  });
  const worker = startMailWorker(t);
  return {
    t,
    smtp,
    async stop() {
      await worker.stop();
      await t.destroy();
      await smtp.close();
    },
  };
}

/** The token of the one-time link in an e-mail or an answer (`/login/<page>?lang=xx#token`). */
export const linkTokenIn = (text: string) =>
  /\/login\/[a-z-]+\?lang=[a-z]{2}#([A-Za-z0-9_-]+)/.exec(text)?.[1] ?? '';
