import request from 'supertest';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { outboxRows, startMailWorker, until } from '../../../tests/support/mail';
import { startSmtpServer, type TestSmtpServer } from '../../../tests/support/smtp-server';
import { createTestApp, signedIn, type TestApp } from '../../../tests/support/test-app';
import type { MailWorker } from './mail.worker';

/**
 * One visitor's mistyped address is not the mail server failing: the
 * status says `failing` only while messages wait to be tried again, and a
 * message refused for good (550) as `refused`. The real app, its worker and
 * a real SMTP server that refuses the visitor's address as told.
 */
let smtp: TestSmtpServer;
let t: TestApp;
let worker: MailWorker;
const refusing = new Map<string, number>();
const visitor = 'jane@exmaple.com';

beforeAll(async () => {
  smtp = await startSmtpServer({ rejectRecipients: refusing });
  t = await createTestApp({
    RATE_LIMIT_CONTACT: '0',
    SMTP_URL: smtp.url,
    MAIL_FROM: 'Forge Industrial <hello@forge.example>',
    NOTIFY_EMAIL: 'sales@forge.example',
  });
  worker = startMailWorker(t);
});
afterAll(async () => {
  await worker.stop();
  await t.destroy();
  await smtp.close();
});
beforeEach(async () => {
  refusing.clear();
  await t.db('mail_outbox').delete();
  await t.db('contacts').delete();
  await t.db('auto_reply_claims').delete();
});

const status = async () =>
  (await (await signedIn(t.app)).get('/api/mail/status').expect(200)).body.data;

/** Jane's enquiry; her auto-reply is answered with `code` once the alert went out. */
async function enquiryRefused(code: number) {
  refusing.set(visitor, code);
  await request(t.app)
    .post('/api/contacts')
    .send({ name: 'Jane Doe', email: visitor, message: 'A quote for two welding cells, please.' })
    .expect(201);
  return until(
    () => outboxRows(t),
    (rows) =>
      rows.some((r) => r.kind === 'staff-alert' && r.status === 'sent') &&
      rows.some((r) => r.kind === 'auto-reply' && r.last_error !== null),
  );
}

describe('GET /api/mail/status after a message is refused', () => {
  it('for good (550): not failing, nothing waits; refused, with the address', async () => {
    await enquiryRefused(550);
    const now = await status();
    expect(now).toMatchObject({ failing: false, refused: true, pending: 0, failed: 1 });
    expect(now.last_failure.error).toEqual({
      code: 'recipient',
      values: { status: 550, address: visitor },
    });
  });

  it('for now (450): failing, the message waiting to be tried again', async () => {
    await enquiryRefused(450);
    expect(await status()).toMatchObject({ failing: true, refused: false, pending: 1, failed: 0 });
  });

  it('a later delivery ends the refusal notice as it ends a failure', async () => {
    await enquiryRefused(550);
    refusing.clear();
    await request(t.app)
      .post('/api/contacts')
      .send({ name: 'Ana Silva', email: 'ana@example.pt', message: 'And a third welding cell.' })
      .expect(201);
    await until(
      () => outboxRows(t),
      (rows) => rows.filter((r) => r.status === 'sent').length === 3,
    );
    expect(await status()).toMatchObject({ failing: false, refused: false, failed: 1 });
  });
});
