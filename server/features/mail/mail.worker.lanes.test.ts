import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import request from 'supertest';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { FAST_TIMING, until } from '../../../tests/support/mail';
import { startSmtpServer, type TestSmtpServer } from '../../../tests/support/smtp-server';
import { createTestApp, signedIn, type TestApp } from '../../../tests/support/test-app';
import { createMailWorker, type MailWorker } from './mail.worker';
import { createOutboxRepo } from './outbox.repo';
import { createWebhookTransport } from './webhook-transport';

/**
 * A webhook receiver that takes the connection and never answers, while
 * e-mail is due: the staff alert goes out at once, not after the calls
 * waiting for their timeout (10 s in production, 300 ms here). A real HTTP
 * receiver on 127.0.0.1, a real SMTP server, the app and its worker.
 */
const CALL_TIMEOUT_MS = 300;
const HANGING_CALLS = 8;

let smtp: TestSmtpServer;
let receiver: Server;
let url: string;
let calls = 0;
let t: TestApp;
let worker: MailWorker;

beforeEach(async () => {
  calls = 0;
  receiver = createServer((req) => {
    calls++;
    req.resume(); // read the call, never answer it
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hook`;
  smtp = await startSmtpServer();
  t = await createTestApp({
    RATE_LIMIT_CONTACT: '0',
    WEBHOOK_ALLOW_PRIVATE: 'true',
    SMTP_URL: smtp.url,
    MAIL_FROM: 'Forge Industrial <hello@forge.example>',
    NOTIFY_EMAIL: 'sales@forge.example',
  });
  worker = createMailWorker({
    db: t.db,
    mail: t.config.mail,
    logger: t.logger,
    signal: t.outboxSignal,
    timing: FAST_TIMING,
    webhooks: {
      transport: createWebhookTransport({ allowPrivate: true, timeoutMs: CALL_TIMEOUT_MS }),
      setting: async () => ({ url, secret: '' }),
    },
  });
});
afterEach(async () => {
  await worker.stop();
  receiver.closeAllConnections();
  await new Promise((resolve) => receiver.close(resolve));
  await t.destroy();
  await smtp.close();
});

describe('e-mail and webhook calls from one outbox', () => {
  it('sends a new enquiry’s staff alert at once while webhook calls hang', async () => {
    const admin = await signedIn(t.app);
    await admin.put('/api/settings').send({ webhook_url: url }).expect(200);
    const queuedAt = new Date().toISOString();
    await createOutboxRepo(t.db).insert(
      t.db,
      Array.from({ length: HANGING_CALLS }, () => ({
        kind: 'webhook' as const,
        contactId: null,
        recipient: url,
        language: 'en' as const,
        content: { event: 'enquiry.created', body: '{}' },
      })),
      queuedAt,
    );
    worker.start();
    await until(
      async () => calls,
      (n) => n >= 2,
    );

    const posted = Date.now();
    await request(t.app)
      .post('/api/contacts')
      .send({
        name: 'Ana Silva',
        email: 'ana@example.pt',
        message: 'We need a quote for two welding cells.',
      })
      .expect(201);
    const [alert] = await smtp.waitFor(1, 10_000);
    const waited = Date.now() - posted;

    expect(alert!.envelope.to).toEqual(['sales@forge.example']);
    // Behind the hanging calls it waited 8 × 300 ms and more; alone, an SMTP round trip.
    expect(waited).toBeLessThan(CALL_TIMEOUT_MS * 3);
    // The calls were still being made (and timing out) meanwhile.
    const rows = await t.db('mail_outbox').where({ kind: 'webhook' }).select('last_error');
    expect(rows.some((r) => r.last_error !== null)).toBe(true);
  }, 30_000);
});
