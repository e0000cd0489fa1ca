import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAIL_QUEUED_ONLY } from '../../../tests/support/enquiry-races';
import { STORES } from '../../../tests/support/stores';
import { signedIn, type TestApp } from '../../../tests/support/test-app';
import { createReplyRefusals } from './reply-refusals';

/**
 * A reply the mail server refused for good, as its enquiry takes it: the
 * enquiry counts as answered by the replies not refused only, unless it was
 * marked replied by hand. The real app on SQLite and PostgreSQL (where a
 * server can be started) with e-mail on and no worker: the replies are
 * written through the API, the mail server's verdict is written into their
 * outbox rows, and the refusal is taken in a transaction as the worker
 * takes it (mail.worker.reply-refused.test.ts: the worker and a real SMTP server).
 */
describe.each(STORES)('a reply refused for good, on $name', (store) => {
  let t: TestApp;
  let admin: Awaited<ReturnType<typeof signedIn>>;

  beforeAll(async () => {
    if (store.skip) return;
    t = await store.openApp(MAIL_QUEUED_ONLY);
    admin = await signedIn(t.app);
  });
  afterAll(() => t?.destroy());

  const submit = async () =>
    (
      await request(t.app)
        .post('/api/contacts')
        .send({ name: 'Ana Silva', email: 'ana@example.pt', message: 'A quote, please.' })
        .expect(201)
    ).body.data.id as number;
  /** A reply through the API; its outbox row's id. */
  const reply = async (id: number, message: string) => {
    await admin.post(`/api/contacts/${id}/replies`).send({ message }).expect(201);
    const row = await t.db('contact_thread').where({ contact_id: id, text: message }).first();
    // The next reply's time is a later one.
    await new Promise((resolve) => setTimeout(resolve, 5));
    return Number(row.outbox_id);
  };
  const delivered = (outboxId: number, status: 'sent' | 'failed') =>
    t.db('mail_outbox').where({ id: outboxId }).update({ status });
  /** The refusal of a reply of `id` as the worker takes it: in a transaction of its own. */
  const refused = (id: number) =>
    t.db.transaction((trx) => createReplyRefusals(t.db).refused(trx, id));
  const enquiryNow = async (id: number) =>
    (await admin.get(`/api/contacts/${id}`).expect(200)).body.data as {
      replied_at: string | null;
      reply_failed: boolean;
      thread: { kind: string; at: string; status?: string }[];
    };
  const unreplied = async () =>
    (await admin.get('/api/contacts/stats').expect(200)).body.data.unreplied as number;

  it.skipIf(store.skip)(
    'its only reply refused: the enquiry waits for a reply again, everywhere, and says why',
    async () => {
      const id = await submit();
      const before = await unreplied();
      await delivered(await reply(id, 'Olá Ana'), 'failed');
      expect(await unreplied()).toBe(before - 1);

      expect(await refused(id)).toBe(true);
      const enquiry = await enquiryNow(id);
      expect(enquiry).toMatchObject({ replied_at: null, reply_failed: true });
      expect(enquiry.thread.at(-1)).toMatchObject({ kind: 'reply', status: 'failed' });
      expect(await unreplied()).toBe(before);
      const awaiting = await admin.get('/api/contacts?reply=awaiting').expect(200);
      expect(awaiting.body.data.find((c: { id: number }) => c.id === id)).toMatchObject({
        reply_failed: true,
      });
      const replied = await admin.get('/api/contacts?reply=replied').expect(200);
      expect(replied.body.data.map((c: { id: number }) => c.id)).not.toContain(id);

      // Answered again, and delivered: replied, the refusal no longer shown.
      await reply(id, 'Olá de novo');
      expect(await enquiryNow(id)).toMatchObject({
        replied_at: expect.any(String),
        reply_failed: false,
      });
    },
  );

  it.skipIf(store.skip)(
    'another reply still going out or gone out answers it: from that reply’s time',
    async () => {
      const id = await submit();
      const first = await reply(id, 'Primeira');
      await reply(id, 'Segunda');
      await delivered(first, 'failed');
      expect(await refused(id)).toBe(true);
      const enquiry = await enquiryNow(id);
      expect(enquiry.reply_failed).toBe(false);
      expect(enquiry.replied_at).toBe(enquiry.thread.at(-1)!.at);

      // The later reply refused, the first delivered: nothing changes.
      const other = await submit();
      const sent = await reply(other, 'Entregue');
      const late = await reply(other, 'Recusada');
      await delivered(sent, 'sent');
      await delivered(late, 'failed');
      const answered = (await enquiryNow(other)).replied_at;
      expect(await refused(other)).toBe(false);
      expect(await enquiryNow(other)).toMatchObject({ replied_at: answered, reply_failed: false });
    },
  );

  it.skipIf(store.skip)(
    'marked replied by hand before the reply: it stays replied (answered otherwise)',
    async () => {
      const id = await submit();
      await admin.put(`/api/contacts/${id}/replied`).send({ replied: true }).expect(200);
      const marked = (await enquiryNow(id)).replied_at;
      await new Promise((resolve) => setTimeout(resolve, 5));
      await delivered(await reply(id, 'Por escrito também'), 'failed');
      expect(await refused(id)).toBe(false);
      expect(await enquiryNow(id)).toMatchObject({ replied_at: marked, reply_failed: false });
    },
  );

  it.skipIf(store.skip)('an enquiry deleted meanwhile: nothing to change', async () => {
    const id = await submit();
    await reply(id, 'Olá');
    await admin.delete(`/api/contacts/${id}`).expect(200);
    expect(await refused(id)).toBe(false);
  });
});
