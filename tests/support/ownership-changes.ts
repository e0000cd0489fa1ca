import request from 'supertest';
import { createAccount, type signedIn, type TestApp } from './test-app';

/**
 * What the races between an enquiry's assignment and a change of its
 * owner's account share (server/features/auth/staff.service.assignments.test.ts
 * and server/features/contacts/enquiry-thread.service.assign-races.test.ts):
 * each file keeps only its own hook into the order of the two.
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
