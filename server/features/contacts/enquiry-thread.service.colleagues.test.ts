import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testClock } from '../../../tests/support/clock';
import { MAIL_QUEUED_ONLY, replyTexts, submitEnquiry } from '../../../tests/support/enquiry-races';
import {
  createAccount,
  createTestApp,
  signedIn,
  type TestApp,
} from '../../../tests/support/test-app';

/**
 * Two colleagues answering one enquiry: a reply says how many replies the
 * thread its writer read held (`seen_replies`), and one written before a
 * colleague's reply came is refused (409, naming when) for its writer to
 * read that reply first; "Send anyway" (no count) and older clients are
 * never refused (two at the same moment: enquiry-thread.service.races.test.ts).
 * The real app on SQLite; e-mail is on, nothing is delivered (no worker runs).
 */

describe('a reply written before a colleague’s reply came', () => {
  let t: TestApp;
  let admin: Awaited<ReturnType<typeof signedIn>>;
  let marta: Awaited<ReturnType<typeof signedIn>>;
  // 14:05 in Lisbon, the company's default zone (summer time).
  const clock = testClock('2026-07-02T13:05:00.000Z');

  beforeAll(async () => {
    t = await createTestApp(MAIL_QUEUED_ONLY, undefined, { clock });
    marta = await signedIn(t.app, await createAccount(t, 'sales', 'marta'));
    admin = await signedIn(t.app);
  });
  afterAll(() => t.destroy());

  it('is refused with when the colleague replied, in the writer’s language, and nothing is sent', async () => {
    const id = await submitEnquiry(t);
    // Both opened the enquiry with no reply in it; the admin answers first.
    await admin
      .post(`/api/contacts/${id}/replies`)
      .send({ message: 'Olá Ana,\n\nenviamos a proposta amanhã.', seen_replies: 0 })
      .expect(201);
    clock.advance(60_000);

    const refused = await marta
      .post(`/api/contacts/${id}/replies`)
      .send({ message: 'Olá Ana,\n\nsim, é possível.', seen_replies: 0 })
      .expect(409);
    const said =
      'A colleague replied at 02/07/2026, 14:05 (Western European Time). Read their reply before you send yours.';
    expect(refused.body).toEqual({ error: said, details: { seen_replies: said } });
    const pt = await marta
      .post(`/api/contacts/${id}/replies?lang=pt`)
      .send({ message: 'Olá Ana,\n\nsim, é possível.', seen_replies: 0 })
      .expect(409);
    expect(pt.body.error).toBe(
      'Um colega respondeu em 02/07/2026, 14:05 (Hora da Europa Ocidental). Leia essa resposta antes de enviar a sua.',
    );
    const de = await marta
      .post(`/api/contacts/${id}/replies?lang=de`)
      .send({ message: 'Olá Ana,\n\nsim, é possível.', seen_replies: 0 })
      .expect(409);
    expect(de.body.error).toBe(
      'Jemand aus Ihrem Team hat am 02.07.2026, 14:05 (Westeuropäische Zeit) geantwortet. Lesen Sie diese Antwort, bevor Sie Ihre senden.',
    );
    expect(await replyTexts(t, id)).toEqual(['Olá Ana,\n\nenviamos a proposta amanhã.']);
    expect(await t.db('mail_outbox').where({ contact_id: id, kind: 'reply' })).toHaveLength(1);
  });

  it('goes out once its writer has seen that reply, or sends it anyway (no count)', async () => {
    const id = await submitEnquiry(t);
    await admin.post(`/api/contacts/${id}/replies`).send({ message: 'Primeira' }).expect(201);
    await marta
      .post(`/api/contacts/${id}/replies`)
      .send({ message: 'Segunda', seen_replies: 1 })
      .expect(201);
    // Send anyway, and every client that sends no count: never refused.
    await marta.post(`/api/contacts/${id}/replies`).send({ message: 'Terceira' }).expect(201);
    expect(await replyTexts(t, id)).toEqual(['Primeira', 'Segunda', 'Terceira']);
  });

  it('is not refused for the writer’s own replies since (another tab of theirs)', async () => {
    const id = await submitEnquiry(t);
    await marta.post(`/api/contacts/${id}/replies`).send({ message: 'Um', seen_replies: 0 });
    await marta
      .post(`/api/contacts/${id}/replies`)
      .send({ message: 'Dois', seen_replies: 0 })
      .expect(201);
  });

  it('refuses a count that is not a whole number of replies', async () => {
    const id = await submitEnquiry(t);
    for (const seen_replies of [-1, 1.5, '1', null]) {
      const res = await marta
        .post(`/api/contacts/${id}/replies`)
        .send({ message: 'Olá', seen_replies })
        .expect(400);
      expect(res.body.details).toEqual({
        seen_replies: 'Give the number of replies you have seen as a whole number (0 or more)',
      });
    }
  });
});
