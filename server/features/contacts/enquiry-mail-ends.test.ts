import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAIL_QUEUED_ONLY } from '../../../tests/support/enquiry-races';
import { STORES } from '../../../tests/support/stores';
import { signedIn, type TestApp } from '../../../tests/support/test-app';
import type { EnquiryMailEnd } from '../mail/outbox-delivery';
import { createEnquiryMailEnds } from './enquiry-mail-ends';

/**
 * The end of an outbox row, as the enquiry it names takes it: only a reply
 * failed for good and a reminder cancelled unsent change the enquiry; every
 * other end leaves it as it was. The real app with e-mail on and no worker:
 * a reply is written through the API, its refusal into its outbox row, the
 * reminder's mark into the enquiry, and each end is handed over in a
 * transaction as the worker hands it (mail.worker.reply-refused.test.ts and
 * mail.worker.recipient-access.test.ts: the worker and a real SMTP server).
 */
describe.each(STORES)('the end of an enquiry’s mail, on $name', (store) => {
  let t: TestApp;
  let admin: Awaited<ReturnType<typeof signedIn>>;

  beforeAll(async () => {
    if (store.skip) return;
    t = await store.openApp(MAIL_QUEUED_ONLY);
    admin = await signedIn(t.app);
  });
  afterAll(() => t?.destroy());

  /** An enquiry answered by a reply the mail server refused, and reminded of: its id. */
  async function refusedAndReminded(): Promise<number> {
    const id = (
      await request(t.app)
        .post('/api/contacts')
        .send({ name: 'Ana Silva', email: 'ana@example.pt', message: 'A quote, please.' })
        .expect(201)
    ).body.data.id as number;
    await admin.post(`/api/contacts/${id}/replies`).send({ message: 'Olá Ana' }).expect(201);
    await t.db('mail_outbox').where({ contact_id: id, kind: 'reply' }).update({ status: 'failed' });
    await t.db('contacts').where({ id }).update({ reminded_at: new Date().toISOString() });
    return id;
  }
  const ended = (end: EnquiryMailEnd) =>
    t.db.transaction((trx) => createEnquiryMailEnds(t.db).ended(trx, end));
  const enquiry = async (id: number) => {
    const row = await t.db('contacts').where({ id }).first('replied_at', 'reminded_at');
    return { replied: row.replied_at !== null, reminded: row.reminded_at !== null };
  };

  it.skipIf(store.skip)('any other end leaves the enquiry as it was', async () => {
    const id = await refusedAndReminded();
    const others: Omit<EnquiryMailEnd, 'contactId'>[] = [
      { kind: 'reply', outcome: 'cancelled' },
      { kind: 'reminder', outcome: 'failed' },
      { kind: 'staff-alert', outcome: 'failed' },
      { kind: 'auto-reply', outcome: 'failed' },
      { kind: 'assigned', outcome: 'cancelled' },
      { kind: 'webhook', outcome: 'failed' },
      { kind: 'webhook', outcome: 'cancelled' },
    ];
    for (const end of others) expect(await ended({ ...end, contactId: id })).toBe(false);
    expect(await enquiry(id)).toEqual({ replied: true, reminded: true });
  });

  it.skipIf(store.skip)(
    'a reply failed for good: the enquiry waits for a reply again, still reminded of',
    async () => {
      const id = await refusedAndReminded();
      expect(await ended({ kind: 'reply', outcome: 'failed', contactId: id })).toBe(true);
      expect(await enquiry(id)).toEqual({ replied: false, reminded: true });
    },
  );

  it.skipIf(store.skip)(
    'a reminder cancelled unsent: the enquiry waiting for a reply is reminded of again',
    async () => {
      const id = await refusedAndReminded();
      await ended({ kind: 'reply', outcome: 'failed', contactId: id });
      expect(await ended({ kind: 'reminder', outcome: 'cancelled', contactId: id })).toBe(true);
      expect(await enquiry(id)).toEqual({ replied: false, reminded: false });
    },
  );
});
