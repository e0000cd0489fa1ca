import request from 'supertest';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { FAST_TIMING, outboxRows, startMailWorker, until } from '../../../tests/support/mail';
import { startSmtpServer, type TestSmtpServer } from '../../../tests/support/smtp-server';
import {
  createAccount,
  createTestApp,
  signedIn,
  type TestApp,
} from '../../../tests/support/test-app';
import { createEnquiryMailEnds } from '../contacts/enquiry-mail-ends';
import type { MailWorker } from './mail.worker';
import type { EnquiryMailEnded } from './outbox-delivery';

/**
 * A reply the visitor's mail server refuses: for good (550), the enquiry no
 * longer reads "Replied" anywhere (it waits for a reply again, and says the
 * reply was not delivered); for now (450), the worker tries again and the
 * enquiry stays replied while it does. The real app on SQLite, its worker
 * wired as server/index.ts wires it (its hook into contacts made to fail
 * once when told), and a real SMTP server that refuses the visitor's
 * address as told.
 */
let smtp: TestSmtpServer;
let t: TestApp;
let worker: MailWorker;
let sales: Awaited<ReturnType<typeof signedIn>>;
const refusing = new Map<string, number>();
const visitor = 'ana@example.pt';
/** Set: the next end handed to contacts fails (it resolves once it did). */
let failNextEnd: (() => void) | undefined;

beforeAll(async () => {
  smtp = await startSmtpServer({ rejectRecipients: refusing });
  t = await createTestApp({
    RATE_LIMIT_CONTACT: '0',
    SMTP_URL: smtp.url,
    MAIL_FROM: 'Forge Industrial <hello@forge.example>',
  });
  sales = await signedIn(t.app, await createAccount(t, 'sales', 'marta'));
  const ends = createEnquiryMailEnds(t.db);
  const ended: EnquiryMailEnded = async (trx, end) => {
    const failed = failNextEnd;
    failNextEnd = undefined;
    if (!failed) return ends.ended(trx, end);
    failed();
    throw new Error('the enquiry could not be changed');
  };
  worker = startMailWorker(t, FAST_TIMING, ended);
});
afterAll(async () => {
  await worker.stop();
  await t.destroy();
  await smtp.close();
});
beforeEach(async () => {
  refusing.clear();
  await t.db('contacts').delete();
  await t.db('auto_reply_claims').delete();
});

/** Ana's enquiry, its auto-reply delivered; then her server refuses with `code`. */
async function answeredWhileRefusing(code: number) {
  const id = (
    await request(t.app)
      .post('/api/contacts')
      .send({ name: 'Ana Silva', email: visitor, message: 'A quote for two welding cells.' })
      .expect(201)
  ).body.data.id as number;
  await until(
    () => outboxRows(t),
    (rows) => rows.some((r) => r.contact_id === id && r.status === 'sent'),
  );
  refusing.set(visitor, code);
  const sent = await sales
    .post(`/api/contacts/${id}/replies`)
    .send({ message: 'Dear Ana,\n\nyes, we can.' })
    .expect(201);
  expect(sent.body.data.replied_at).toEqual(expect.any(String));
  return id;
}
const enquiry = async (id: number) =>
  (await sales.get(`/api/contacts/${id}`).expect(200)).body.data;
const listed = async (filter: string) =>
  (await sales.get(`/api/contacts?${filter}`).expect(200)).body.data.map(
    (c: { id: number }) => c.id,
  );

describe('a reply the mail server refuses', () => {
  it('for good (550): the enquiry waits for a reply again, everywhere, and says the reply was not delivered', async () => {
    const id = await answeredWhileRefusing(550);
    await until(
      () => enquiry(id),
      (e) => e.thread.at(-1).status === 'failed',
    );
    const now = await enquiry(id);
    expect(now).toMatchObject({ replied_at: null, reply_failed: true });
    expect(await listed('reply=awaiting')).toEqual([id]);
    expect(await listed('reply=replied')).toEqual([]);
    const stats = (await sales.get('/api/contacts/stats').expect(200)).body.data;
    expect(stats).toMatchObject({ total: 1, unreplied: 1 });
    const [row] = await t.db('mail_outbox').where({ kind: 'reply' });
    expect(row).toMatchObject({ status: 'failed', contact_id: id });
    expect(JSON.parse(row.last_error)).toMatchObject({ code: 'recipient' });
  });

  it('for good, its enquiry unchangeable for a moment: neither is marked, and the next try does both', async () => {
    const failing = new Promise<void>((resolve) => (failNextEnd = resolve));
    const id = await answeredWhileRefusing(550);
    await failing;
    // The mark rolled back with the enquiry's change: the reply waits out its lease, unmarked.
    const [row] = await t.db('mail_outbox').where({ kind: 'reply', contact_id: id });
    expect(row).toMatchObject({ status: 'pending', attempts: 1 });
    expect(await enquiry(id)).toMatchObject({
      replied_at: expect.any(String),
      reply_failed: false,
    });

    await until(
      () => enquiry(id),
      (e) => e.thread.at(-1).status === 'failed',
    );
    expect(await enquiry(id)).toMatchObject({ replied_at: null, reply_failed: true });
    const [retried] = await t.db('mail_outbox').where({ kind: 'reply', contact_id: id });
    expect(retried).toMatchObject({ status: 'failed', attempts: 2 });
  });

  it('for now (450): tried again, the enquiry still replied meanwhile, and once delivered it stays so', async () => {
    const id = await answeredWhileRefusing(450);
    await until(
      () => t.db('mail_outbox').where({ kind: 'reply' }).first(),
      (row) => row.attempts >= 2,
    );
    const meanwhile = await enquiry(id);
    expect(meanwhile).toMatchObject({ replied_at: expect.any(String), reply_failed: false });
    expect(meanwhile.thread.at(-1).status).toBe('pending');
    expect(await listed('reply=replied')).toEqual([id]);

    refusing.delete(visitor);
    await until(
      () => enquiry(id),
      (e) => e.thread.at(-1).status === 'sent',
    );
    expect(await enquiry(id)).toMatchObject({
      replied_at: meanwhile.replied_at,
      reply_failed: false,
    });
  });
});
