import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { linkTokenIn } from '../../../tests/support/mail';
import { createTestApp, signedIn, type TestApp } from '../../../tests/support/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.destroy());

type Listed = { username: string; last_sign_in_at: string | null };

/**
 * Accepting an invitation signs the new colleague in, and that sign-in is
 * recorded as a password sign-in is (`recordSignIn`): the account's last
 * sign-in, so the Users page no longer says "Never signed in" of a
 * colleague already at work, and an `auth.login` entry under them.
 */
describe('joining by invitation', () => {
  it('counts as a sign-in: the last sign-in is set and the trail has it', async () => {
    const admin = await signedIn(t.app);
    const invited = await admin
      .post('/api/users/invitations')
      .send({ email: 'joana@example.pt', role: 'sales' })
      .expect(201);
    const token = linkTokenIn(invited.body.data.invitation_url);
    const before = Date.now();

    const joana = request.agent(t.app);
    await joana
      .post('/api/auth/invitation/accept')
      .send({ token, username: 'joana', password: 'joana-password-1' })
      .expect(201);
    await joana.get('/api/contacts').expect(200);

    const listed = ((await admin.get('/api/users').expect(200)).body.data as Listed[]).find(
      (u) => u.username === 'joana',
    );
    expect(Date.parse(listed!.last_sign_in_at ?? '')).toBeGreaterThanOrEqual(before - 1000);
    const { id } = await t.db('users').where({ username: 'joana' }).first('id');
    const entries = await t
      .db('audit_log')
      .where({ actor: 'joana' })
      .orderBy('id')
      .select('action', 'actor_id', 'target_type', 'target_id', 'summary');
    expect(entries).toEqual([
      expect.objectContaining({ action: 'user.invitation_accepted' }),
      {
        action: 'auth.login',
        actor_id: id,
        target_type: 'user',
        target_id: String(id),
        summary: 'by invitation',
      },
    ]);
  });
});
