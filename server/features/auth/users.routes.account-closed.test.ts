import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNT_CLOSED } from '#shared/auth';
import {
  createAccount,
  createTestApp,
  signedIn,
  type TestApp,
} from '../../../tests/support/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.destroy());

const idOf = async (username: string) =>
  ((await t.db('users').where({ username }).first('id')) as { id: number }).id;

describe('the session of an account closed while it is signed in', () => {
  it('tells its own holder the account was deactivated, and only them', async () => {
    const admin = await signedIn(t.app);
    const account = await createAccount(t, 'sales', 'leaving-sales');
    const colleague = await signedIn(t.app, account);
    const id = await idOf('leaving-sales');
    await admin.put(`/api/users/${id}`).send({ active: false }).expect(200);

    const refused = await colleague.get('/api/auth/profile').expect(401);
    expect(refused.body).toEqual({ error: 'Authentication required', code: ACCOUNT_CLOSED });
    // Any call the session makes says so, and nothing of the account is left in it.
    const list = await colleague.get('/api/contacts').expect(401);
    expect(list.body.code).toBe(ACCOUNT_CLOSED);
    // Someone without that session learns nothing: a plain 401, as for any stranger.
    const stranger = await request(t.app).get('/api/auth/profile').expect(401);
    expect(stranger.body).toEqual({ error: 'Authentication required' });
    // Reactivated and signed in again from the same browser: a session like any other.
    await admin.put(`/api/users/${id}`).send({ active: true }).expect(200);
    await colleague.post('/api/auth/login').send(account).expect(200);
    await colleague.get('/api/auth/profile').expect(200);
  });

  it('tells it when the account was deleted', async () => {
    const admin = await signedIn(t.app);
    const account = await createAccount(t, 'editor', 'deleted-editor');
    const colleague = await signedIn(t.app, account);
    await admin.delete(`/api/users/${await idOf('deleted-editor')}`).expect(200);
    const refused = await colleague.get('/api/auth/profile').expect(401);
    expect(refused.body.code).toBe(ACCOUNT_CLOSED);
  });

  it('says nothing of the kind to a session that ended for another reason', async () => {
    const account = await createAccount(t, 'editor', 'signed-out-editor');
    const here = await signedIn(t.app, account);
    const elsewhere = await signedIn(t.app, account);
    await elsewhere.delete('/api/auth/sessions/others').expect(200);
    const refused = await here.get('/api/auth/profile').expect(401);
    expect(refused.body).toEqual({ error: 'Authentication required' });
  });
});
