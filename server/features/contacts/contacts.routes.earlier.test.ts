import request from 'supertest';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { EARLIER_ENQUIRIES_MAX } from '#shared/contact';
import { startMailingApp, until, type MailingApp } from '../../../tests/support/mail';
import { createAccount, signedIn } from '../../../tests/support/test-app';

/**
 * A follow-up from the same visitor is not a stranger's enquiry: its detail
 * lists the visitor's earlier enquiries (same address, any case; spam left
 * out; newest first, bounded) with who handles each, and its staff alert
 * names the latest one and its owner. Nobody is assigned by it. The real
 * app, its worker and a real SMTP server.
 */
let app: MailingApp;
let sara: Awaited<ReturnType<typeof signedIn>>;
let editor: Awaited<ReturnType<typeof signedIn>>;
let saraId: number;

beforeAll(async () => {
  app = await startMailingApp({ RATE_LIMIT_CONTACT: '0', NOTIFY_EMAIL: 'sales@forge.example' });
  sara = await signedIn(app.t.app, await createAccount(app.t, 'sales', 'sara'));
  editor = await signedIn(app.t.app, await createAccount(app.t, 'editor', 'eddie'));
  await app.t.db('users').where({ username: 'sara' }).update({ name: 'Sara Lopes' });
  saraId = (await app.t.db('users').where({ username: 'sara' }).first('id')).id;
});
afterAll(() => app.stop());
beforeEach(async () => {
  await app.t.db('contacts').delete();
  await app.t.db('auto_reply_claims').delete();
  app.smtp.received.length = 0;
});

const enquiry = (email: string, message = 'A quote for two welding cells, please.') =>
  request(app.t.app)
    .post('/api/contacts')
    .send({ name: 'Jane Doe', email, message })
    .expect(201)
    .then((res) => res.body.data.id as number);
/** The staff alert of enquiry `id`, once it has arrived. */
const alertOf = async (id: number) => {
  const of = (m: { envelope: { to: string[] }; text: string }) =>
    m.envelope.to[0] === 'sales@forge.example' &&
    m.text.includes(
      `Open the enquiry in the admin: https://www.forge.example/admin?tab=contacts&contact=${id}\n`,
    );
  const mails = await until(
    async () => app.smtp.received,
    (all) => all.some(of),
  );
  return mails.find(of)!;
};
const detail = async (id: number) => (await sara.get(`/api/contacts/${id}`).expect(200)).body.data;
/** Stored straight into the table, `hoursAgo` before now. */
const stored = async (hoursAgo: number, extra: object = {}) => {
  const at = new Date(Date.now() - hoursAgo * 3_600_000).toISOString();
  const [row] = await app.t
    .db('contacts')
    .insert({
      name: 'Jane Doe',
      email: 'jane@example.com',
      message: 'An older enquiry.',
      read: true,
      created_at: at,
      due_at: at,
      ...extra,
    })
    .returning('id');
  return Number(typeof row === 'object' ? row.id : row);
};

describe('an enquiry from a visitor who wrote before', () => {
  it('lists the earlier enquiry and its owner in the detail, and assigns nobody', async () => {
    const first = await enquiry('jane@example.com');
    await sara.put(`/api/contacts/${first}/assignee`).send({ user_id: saraId }).expect(200);
    await sara.put(`/api/contacts/${first}/replied`).send({}).expect(200);
    await stored(1, { email: 'jane@example.com', spam: true });
    await stored(2, { email: 'someone.else@example.com' });

    const second = await enquiry('Jane@Example.com', 'And a third cell, as a follow-up.');
    const now = await detail(second);
    expect(now.assignee).toBeNull();
    expect(now.earlier).toEqual([
      {
        id: first,
        created_at: (await detail(first)).created_at,
        owner: 'Sara Lopes',
        replied: true,
      },
    ]);
    // Only earlier enquiries: the first knows nothing of the second.
    expect((await detail(first)).earlier).toEqual([]);
  });

  it('names who replied when nobody owns it, and lists at most a few, newest first', async () => {
    const ids: number[] = [];
    for (let hours = 20; hours >= 10; hours -= 1) ids.push(await stored(hours));
    await app.t.db('contact_thread').insert({
      contact_id: ids.at(-1),
      kind: 'reply',
      user_id: saraId,
      author: 'sara',
      text: 'Dear Jane, …',
      created_at: new Date().toISOString(),
    });
    const latest = await enquiry('jane@example.com');
    const { earlier } = await detail(latest);
    expect(earlier.map((e: { id: number }) => e.id)).toEqual(
      ids.slice(-EARLIER_ENQUIRIES_MAX).reverse(),
    );
    expect(earlier[0]).toMatchObject({ owner: 'Sara Lopes', replied: false });
    expect(earlier[1]).toMatchObject({ owner: null, replied: false });
  });

  it('is for the staff who may read enquiries only, as the detail is', async () => {
    const id = await enquiry('jane@example.com');
    await editor.get(`/api/contacts/${id}`).expect(403);
    await request(app.t.app).get(`/api/contacts/${id}`).expect(401);
  });

  it('names the earlier enquiry and its owner in the staff alert, with a link to it', async () => {
    const first = await stored(48);
    await app.t.db('contacts').where({ id: first }).update({ assignee_id: saraId });
    const second = await enquiry('JANE@example.com');
    const alert = await alertOf(second);
    expect(alert.text).toMatch(
      /Jane Doe has written to us before: on \d+ \w+ \d{4}, \d{2}:\d{2} \([^)]+\), an enquiry handled by Sara Lopes\./,
    );
    expect(alert.text).toContain(
      `Open the earlier enquiry: https://www.forge.example/admin?tab=contacts&contact=${first}`,
    );
    expect(alert.html).toContain(
      `href="https://www.forge.example/admin?tab=contacts&amp;contact=${first}"`,
    );
    expect((await detail(second)).assignee).toBeNull();
  });

  it('says nothing of the kind for a first enquiry', async () => {
    await stored(5, { email: 'someone.else@example.com' });
    const id = await enquiry('jane@example.com');
    const alert = await alertOf(id);
    expect(alert.text).not.toContain('written to us before');
    expect((await detail(id)).earlier).toEqual([]);
  });
});
