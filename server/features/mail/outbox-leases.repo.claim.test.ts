import { rmSync } from 'node:fs';
import request from 'supertest';
import { afterAll, describe, expect, it } from 'vitest';
import { FAST_TIMING, outboxRows, until } from '../../../tests/support/mail';
import {
  postgresAvailable,
  postgresUnavailable,
  startPostgres,
  type TestPostgres,
} from '../../../tests/support/postgres';
import { startSmtpServer } from '../../../tests/support/smtp-server';
import { createTestApp, tempDataDir, type TestApp } from '../../../tests/support/test-app';
import { createMailWorker } from './mail.worker';
import { createSmtpTransport } from './smtp-transport';

/**
 * Two instances of the site on one database, each with its own connection
 * pool and mail worker, draining one outbox at the same time: every message
 * goes out exactly once, on SQLite and on PostgreSQL.
 */
const MESSAGES = 24;

async function twoInstancesSendEachMessageOnce(
  env: Record<string, string>,
  dataDirs: [string, string],
) {
  const smtp = await startSmtpServer();
  const mailEnv = {
    ...env,
    RATE_LIMIT_CONTACT: '0',
    SMTP_URL: smtp.url,
    MAIL_FROM: 'hello@forge.example',
    NOTIFY_EMAIL: 'sales@forge.example',
  };
  const apps: TestApp[] = [];
  try {
    for (const dir of dataDirs) apps.push(await createTestApp(mailEnv, dir));
    const [a, b] = apps as [TestApp, TestApp];
    for (let i = 0; i < MESSAGES / 2; i++) {
      await request(a.app)
        .post('/api/contacts')
        .send({
          name: `Visitor ${i}`,
          email: `v${i}@example.com`,
          message: `Enquiry number ${i} about robots.`,
        })
        .expect(201);
    }
    expect(await outboxRows(a)).toHaveLength(MESSAGES);

    const sentBy = [0, 0];
    const workers = [a, b].map((t, n) => {
      const smtpTransport = createSmtpTransport(t.config.mail!.smtpUrl);
      return createMailWorker({
        db: t.db,
        mail: t.config.mail!,
        logger: t.logger,
        timing: FAST_TIMING,
        transport: {
          send: async (message) => {
            await smtpTransport.send(message);
            sentBy[n]!++;
          },
          close: smtpTransport.close,
        },
      });
    });
    workers.forEach((w) => w.start());
    const mails = await smtp.waitFor(MESSAGES, 20_000);
    await until(
      () => outboxRows(b),
      (rows) => rows.every((r) => r.status === 'sent'),
    );
    await new Promise((r) => setTimeout(r, 500));
    await Promise.all(workers.map((w) => w.stop()));

    expect(smtp.received).toHaveLength(MESSAGES);
    expect(new Set(mails.map((m) => m.header('message-id'))).size).toBe(MESSAGES);
    expect((await outboxRows(a)).every((r) => r.attempts === 1)).toBe(true);
    expect(sentBy[0]! + sentBy[1]!).toBe(MESSAGES);
    expect(sentBy.every((n) => n > 0)).toBe(true);
  } finally {
    for (const t of apps) await t.close();
    await smtp.close();
  }
}

describe('the outbox on SQLite', () => {
  it('gives each message to one worker of two processes sharing the database file', async () => {
    const dir = tempDataDir();
    try {
      await twoInstancesSendEachMessageOnce({}, [dir, dir]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe.skipIf(!postgresAvailable)(
  `the outbox on PostgreSQL${postgresUnavailable ? ` — skipped: ${postgresUnavailable}` : ''}`,
  () => {
    let pg: TestPostgres | null = null;
    const dirs: [string, string] = [tempDataDir(), tempDataDir()];
    afterAll(async () => {
      await pg?.stop();
      for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
    });

    it('gives each message to one worker of two instances (FOR UPDATE SKIP LOCKED)', async () => {
      pg = await startPostgres();
      await twoInstancesSendEachMessageOnce({ DATABASE_URL: pg!.url }, dirs);
    });
  },
);
