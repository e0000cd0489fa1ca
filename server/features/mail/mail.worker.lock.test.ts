import type { ChildProcess } from 'node:child_process';
import request from 'supertest';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startSmtpServer, type TestSmtpServer } from '../../../tests/support/smtp-server';
import { createTestApp, signedIn, type TestApp } from '../../../tests/support/test-app';
import { holdWriteLock } from '../../../tests/support/write-lock';
import { sqliteFile } from '../../db/knex';
import { createMailWorker, type MailWorker, type WorkerTiming } from './mail.worker';
import { createOutboxLeases, type OutboxLeases } from './outbox-leases.repo';

/**
 * Another process (the `sqlite3` shell, a backup) takes the write lock at the
 * moment the mail worker claims an enquiry's mail, and holds it past the
 * busy timeout: the claim fails. The real app, its SQLite file, the worker
 * and a real SMTP server; only the moment is arranged, by wrapping the
 * worker's outbox.
 */
let smtp: TestSmtpServer;
let t: TestApp;
let worker: MailWorker | undefined;
beforeEach(async () => {
  smtp = await startSmtpServer();
  t = await createTestApp({
    RATE_LIMIT_CONTACT: '0',
    SMTP_URL: smtp.url,
    MAIL_FROM: 'Forge Industrial <hello@forge.example>',
    NOTIFY_EMAIL: 'sales@forge.example',
  });
});
afterEach(async () => {
  await worker?.stop();
  await t.destroy();
  await smtp.close();
});

const enquiry = (n: number) => ({
  name: 'Ana Silva',
  email: `ana.${n}@example.pt`,
  message: `We need a quote for welding cells (enquiry ${n}).`,
});
const post = (n: number) => request(t.app).post('/api/contacts').send(enquiry(n));

/** The worker's outbox, whose next claim runs while another process holds the write lock. */
function claimUnderLock() {
  const outbox = createOutboxLeases(t.db);
  let failed!: (error: unknown) => void;
  const claimFailed = new Promise<unknown>((resolve) => (failed = resolve));
  let armed = true;
  const leases: OutboxLeases = {
    ...outbox,
    async claim(...args) {
      if (!armed) return outbox.claim(...args);
      armed = false;
      const lock: ChildProcess = await holdWriteLock(sqliteFile(t.dataDir));
      try {
        return await outbox.claim(...args);
      } catch (error) {
        failed(error);
        throw error;
      } finally {
        const gone = new Promise((resolve) => lock.once('exit', resolve));
        lock.kill('SIGKILL');
        await gone;
      }
    },
  };
  return { leases, claimFailed };
}

function startWorker(leases: OutboxLeases, timing: Partial<WorkerTiming>) {
  worker = createMailWorker({
    db: t.db,
    mail: t.config.mail!,
    logger: t.logger,
    signal: t.outboxSignal,
    leases,
    timing: { leaseMs: 5_000, stopWaitMs: 2_000, ...timing },
  });
  worker.start();
}

describe('a write lock taken while the worker claims mail', () => {
  it('leaves every later write working: enquiries, sign-in, and the mail of all of them', async () => {
    await post(1).expect(201);
    const { leases, claimFailed } = claimUnderLock();
    // No retry of its own within the test: only the enquiries below wake the worker.
    startWorker(leases, { pollMs: 60_000, backoffBaseMs: 60_000, backoffCapMs: 60_000 });
    expect(await claimFailed).toMatchObject({ code: 'SQLITE_BUSY' });

    // The failed claim's connection comes back to the pool first. Before, its statement stayed
    // "in progress": the next COMMIT on it failed (503) and left the transaction open, and every
    // later write failed (500 on that connection, 503 on the others) until a restart.
    for (let n = 2; n <= 7; n++) await post(n).expect(201);
    await signedIn(t.app);
    // An alert and an auto-reply for each, the enquiry whose claim failed too.
    const mails = await smtp.waitFor(14);
    const alerts = mails.filter((m) => m.envelope.to.includes('sales@forge.example'));
    const numbers = alerts.map((m) => Number(/enquiry (\d)\)/.exec(m.text)?.[1]));
    expect(numbers.sort()).toEqual([1, 2, 3, 4, 5, 6, 7]);
    const health = await request(t.app).get('/healthz').expect(200);
    expect(health.body.database).toEqual({ read: 'ok', write: 'ok' });
  });

  it('looks at the outbox again after its first back-off, not at the next poll', async () => {
    await post(1).expect(201);
    const { leases, claimFailed } = claimUnderLock();
    startWorker(leases, { pollMs: 60_000, backoffBaseMs: 50, backoffCapMs: 400 });
    await claimFailed;
    const mails = await smtp.waitFor(2, 5_000);
    expect(mails.map((m) => m.envelope.to[0]).sort()).toEqual([
      'ana.1@example.pt',
      'sales@forge.example',
    ]);
  });
});
