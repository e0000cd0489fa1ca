import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { outboxRows, until } from '../../../tests/support/mail';
import {
  postgresAvailable,
  postgresUnavailable,
  startPostgres,
  type TestPostgres,
} from '../../../tests/support/postgres';
import { startSmtpServer, type TestSmtpServer } from '../../../tests/support/smtp-server';
import { createTestApp, type TestApp } from '../../../tests/support/test-app';
import { createMailWorker, type MailWorker } from './mail.worker';
import { createOutboxLeases, type OutboxLeases } from './outbox-leases.repo';

/**
 * PostgreSQL restarts just after the mail server accepted a staff alert,
 * before the row is marked sent. The real app, a cluster of its own that is
 * really stopped and started, a real SMTP server; only the moment is
 * arranged, by wrapping the worker's outbox.
 */
// Room for a slow restart on a busy machine: the mark has until the lease ends.
const LEASE_MS = 8_000;

describe.skipIf(!postgresAvailable)(
  postgresAvailable
    ? 'a database restart between the accepted send and its mark'
    : `a database restart between the accepted send and its mark (skipped: ${postgresUnavailable})`,
  () => {
    let pg: TestPostgres;
    let smtp: TestSmtpServer;
    let t: TestApp;
    let worker: MailWorker | undefined;

    beforeAll(async () => {
      // A cluster of its own: the test stops its server and starts it again.
      pg = (await startPostgres({ ownCluster: true }))!;
      smtp = await startSmtpServer();
      t = await createTestApp({
        DATABASE_URL: pg.url,
        RATE_LIMIT_CONTACT: '0',
        SMTP_URL: smtp.url,
        MAIL_FROM: 'Forge Industrial <hello@forge.example>',
        NOTIFY_EMAIL: 'sales@forge.example',
        AUTO_REPLY: 'false',
      });
    }, 60_000);
    afterAll(async () => {
      await worker?.stop();
      await t?.destroy();
      await smtp?.close();
      await pg?.stop();
    });

    it('sends the message once: the mark is tried again until the database is back', async () => {
      await request(t.app)
        .post('/api/contacts')
        .send({
          name: 'Ana Silva',
          email: 'ana@example.pt',
          message: 'We need a quote for welding cells please.',
        })
        .expect(201);
      const outbox = createOutboxLeases(t.db);
      let restarted: Promise<void> | undefined;
      const leases: OutboxLeases = {
        ...outbox,
        async markSent(...args) {
          if (!restarted) {
            // The server has accepted the alert: the database goes away, and is back 0.5 s later.
            pg.halt!();
            restarted = new Promise((resolve) =>
              setTimeout(() => resolve(pg.resume!()), 500).unref(),
            );
          }
          return outbox.markSent(...args);
        },
      };
      worker = createMailWorker({
        db: t.db,
        mail: t.config.mail!,
        logger: t.logger,
        signal: t.outboxSignal,
        leases,
        timing: { leaseMs: LEASE_MS, backoffBaseMs: 200, backoffCapMs: 400, pollMs: 500 },
      });
      worker.start();

      await smtp.waitFor(1, 5_000);
      const accepted = Date.now();
      await restarted;
      // Past the lease the alert was claimed with: any worker could claim it again by now.
      await new Promise((r) => setTimeout(r, accepted + LEASE_MS + 1_000 - Date.now()));
      await until(
        () => outboxRows(t),
        (rows) => rows.every((r) => r.status === 'sent'),
      );
      const alerts = smtp.received.filter((m) => m.envelope.to.includes('sales@forge.example'));
      expect(alerts).toHaveLength(1);
      expect((await outboxRows(t)).map((r) => [r.kind, r.attempts])).toEqual([['staff-alert', 1]]);
    }, 30_000);
  },
);
