import { createMailWorker, type WorkerTiming } from '../../server/features/mail/mail.worker';
import type { TestApp } from './test-app';

/** Quick retries for tests: the same back-off rule, in tens of milliseconds. */
export const FAST_TIMING: Partial<WorkerTiming> = {
  pollMs: 2_000,
  leaseMs: 5_000,
  backoffBaseMs: 50,
  backoffCapMs: 400,
  stopWaitMs: 2_000,
};

/** The mail worker of a test app (as server/index.ts starts it), started; stop it before closing the app. */
export function startMailWorker(t: TestApp, timing: Partial<WorkerTiming> = FAST_TIMING) {
  if (!t.config.mail) throw new Error('the test app has no SMTP_URL');
  const worker = createMailWorker({
    db: t.db,
    mail: t.config.mail,
    logger: t.logger,
    signal: t.outboxSignal,
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
