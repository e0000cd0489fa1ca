import request from 'supertest';
import { createAccount, type signedIn, type TestApp } from './test-app';

/**
 * What the tests of two staff working one enquiry at once share (replies
 * crossing a colleague's reply or move, an assignment crossing a change of
 * its owner's account): the real app with e-mail queued and never sent, an
 * enquiry, a colleague, the changes. Each test file keeps its own hooks
 * into the order of the two (vi.mock is hoisted per file).
 */

/** E-mail on, delivered nowhere (no worker runs): notices stay in the outbox to be read. */
export const MAIL_QUEUED_ONLY = {
  RATE_LIMIT_CONTACT: '0',
  SMTP_URL: 'smtp://127.0.0.1:2',
  MAIL_FROM: 'Forge Industrial <hello@forge.example>',
};

/** A visitor's enquiry through the public API; answers its id. */
export const submitEnquiry = async (t: TestApp) =>
  (
    await request(t.app)
      .post('/api/contacts')
      .send({
        name: 'Ana Silva',
        email: 'ana@example.pt',
        message: 'Precisamos de duas células de soldadura.',
        language: 'pt',
      })
      .expect(201)
  ).body.data.id as number;

/** The texts of an enquiry's replies, oldest first. */
export const replyTexts = async (t: TestApp, id: number) =>
  (await t.db('contact_thread').where({ contact_id: id, kind: 'reply' }).orderBy('id')).map(
    (r: { text: string }) => r.text,
  );

/** Resolves when `promise` settles or after a second, whichever comes first. */
export const forAWhile = (promise: Promise<unknown>) =>
  Promise.race([promise, new Promise((resolve) => setTimeout(resolve, 1000))]);

export type Admin = Awaited<ReturnType<typeof signedIn>>;

/** The changes that take the right to own enquiries away, as the Users page makes them. */
export const OWNERSHIP_TAKEN_AWAY: {
  name: string;
  make: (admin: Admin, id: number) => request.Test;
}[] = [
  {
    name: 'made an editor',
    make: (admin, id) => admin.put(`/api/users/${id}`).send({ role: 'editor' }),
  },
  {
    name: 'deactivated',
    make: (admin, id) => admin.put(`/api/users/${id}`).send({ active: false }),
  },
  { name: 'deleted', make: (admin, id) => admin.delete(`/api/users/${id}`) },
];

/** A sales colleague with a confirmed address; answers the account's id. */
export async function salesColleague(t: TestApp, username: string): Promise<number> {
  await createAccount(t, 'sales', username);
  await t
    .db('users')
    .where({ username })
    .update({ email: `${username}@forge.example` });
  return Number((await t.db('users').where({ username }).first('id')).id);
}
