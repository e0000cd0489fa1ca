import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createAccount,
  createTestApp,
  signedIn,
  TEST_ADMIN,
  type TestApp,
} from '../../../tests/support/test-app';

/**
 * A colleague's display name, the one their replies to enquiries are
 * signed with: set and cleared on the profile without the current password
 * (it is not a way in), checked like every text field, recorded in the
 * audit trail, and shown in the account lists.
 */
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.destroy();
});

const nameOf = async (username: string) =>
  (await t.db('users').where({ username }).first('name')).name as string | null;

describe('PUT /api/auth/profile with a display name', () => {
  it('sets it trimmed without the current password, answers it, and records the change', async () => {
    const { username, password } = await createAccount(t, 'sales', 'jsilva');
    const agent = await signedIn(t.app, { username, password });
    const before = await agent.get('/api/auth/profile').expect(200);
    expect(before.body.data.user).toEqual({
      username: 'jsilva',
      name: null,
      language: null,
      is_admin: true,
      role: 'sales',
    });

    const res = await agent.put('/api/auth/profile').send({ name: '  Joana Silva ' }).expect(200);
    expect(res.body.data.user).toEqual({
      username: 'jsilva',
      name: 'Joana Silva',
      language: null,
      is_admin: true,
      role: 'sales',
    });
    expect(await nameOf('jsilva')).toBe('Joana Silva');
    const profile = await agent.get('/api/auth/profile').expect(200);
    expect(profile.body.data.user.name).toBe('Joana Silva');

    // The same name again changes nothing and records nothing more.
    await agent.put('/api/auth/profile').send({ name: 'Joana Silva' }).expect(200);
    const entries = await t
      .db('audit_log')
      .where({ action: 'account.name_changed', actor: 'jsilva' })
      .select('target_type', 'target_id', 'summary');
    const { id } = await t.db('users').where({ username: 'jsilva' }).first('id');
    expect(entries).toEqual([
      { target_type: 'user', target_id: String(id), summary: '(none) -> Joana Silva' },
    ]);
  });

  it('clears it when blank, empty or null, so the username stands for the account again', async () => {
    const { username, password } = await createAccount(t, 'sales', 'clearing');
    const agent = await signedIn(t.app, { username, password });
    for (const blank of ['   ', '', null]) {
      await agent.put('/api/auth/profile').send({ name: 'Rui Costa' }).expect(200);
      const res = await agent.put('/api/auth/profile').send({ name: blank }).expect(200);
      expect(res.body.data.user.name).toBeNull();
      expect(await nameOf('clearing')).toBeNull();
    }
    const summaries = await t
      .db('audit_log')
      .where({ action: 'account.name_changed', actor: 'clearing' })
      .orderBy('id')
      .pluck('summary');
    expect(summaries.at(-1)).toBe('Rui Costa -> (none)');
  });

  it('refuses a name over 80 characters or with control characters, in the request’s language', async () => {
    const { username, password } = await createAccount(t, 'sales', 'too-long');
    const agent = await signedIn(t.app, { username, password });
    await agent
      .put('/api/auth/profile')
      .send({ name: 'a'.repeat(80) })
      .expect(200);
    for (const [lang, message] of [
      ['en', 'Your name must be at most 80 characters'],
      ['pt', 'O nome deve ter no máximo 80 caracteres'],
      ['de', 'Ihr Name darf höchstens 80 Zeichen lang sein'],
    ]) {
      const res = await agent
        .put(`/api/auth/profile?lang=${lang}`)
        .send({ name: `  ${'b'.repeat(81)}  ` })
        .expect(400);
      expect(res.body.details).toEqual({ name: message });
    }
    const control = await agent
      .put('/api/auth/profile')
      .send({ name: 'Joana\nBcc: x@example.com' })
      .expect(400);
    expect(Object.keys(control.body.details)).toEqual(['name']);
    const notText = await agent.put('/api/auth/profile').send({ name: 42 }).expect(400);
    expect(notText.body.details).toEqual({ name: 'Enter your name as text' });
    expect(await nameOf('too-long')).toBe('a'.repeat(80));
  });

  it('checks a current password sent along, and still asks for it for a new username', async () => {
    const { username, password } = await createAccount(t, 'sales', 'careful');
    const agent = await signedIn(t.app, { username, password });
    await agent
      .put('/api/auth/profile')
      .send({ name: 'Ana Lopes', current_password: 'wrong-password' })
      .expect(401, { error: 'Current password is incorrect' });
    expect(await nameOf('careful')).toBeNull();
    const missing = await agent
      .put('/api/auth/profile')
      .send({ name: 'Ana Lopes', username: 'careful-2' })
      .expect(400);
    expect(missing.body.details).toEqual({ current_password: 'Current password is required' });
    expect(await nameOf('careful')).toBeNull();
    const both = await agent
      .put('/api/auth/profile')
      .send({ name: 'Ana Lopes', username: 'careful-2', current_password: password })
      .expect(200);
    expect(both.body.data.user).toMatchObject({ username: 'careful-2', name: 'Ana Lopes' });
    await agent
      .put('/api/auth/profile')
      .send({})
      .expect(400, { error: 'Enter a new username, password, name or language' });
  });
});

describe('the display name elsewhere', () => {
  it('is in every account of GET /api/users and in the staff list', async () => {
    await createAccount(t, 'sales', 'listed');
    await t.db('users').where({ username: 'listed' }).update({ name: 'Marta Reis' });
    const admin = await signedIn(t.app);
    const all = (await admin.get('/api/users').expect(200)).body.data;
    const byUsername = (list: { username: string }[], username: string) =>
      list.find((u) => u.username === username);
    expect(byUsername(all, 'listed')).toMatchObject({ name: 'Marta Reis' });
    expect(byUsername(all, TEST_ADMIN.username)).toMatchObject({ name: null });
    const staff = (await admin.get('/api/users/staff').expect(200)).body.data;
    expect(byUsername(staff, 'listed')).toEqual({
      id: expect.any(Number),
      username: 'listed',
      name: 'Marta Reis',
    });
  });

  it('may be chosen when accepting an invitation, and may be left out', async () => {
    const admin = await signedIn(t.app);
    for (const [email, username, name, stored] of [
      ['helena@example.com', 'helena', ' Helena Braga ', 'Helena Braga'],
      ['tiago@example.com', 'tiago', undefined, null],
    ] as const) {
      const sent = await admin
        .post('/api/users/invitations')
        .send({ email, role: 'sales' })
        .expect(201);
      const token = String(sent.body.data.invitation_url).split('#')[1];
      const colleague = request.agent(t.app);
      const tooLong = await colleague
        .post('/api/auth/invitation/accept')
        .send({ token, username, password: 'colleague-password-1', name: 'x'.repeat(81) })
        .expect(400);
      expect(tooLong.body.details).toEqual({ name: 'Your name must be at most 80 characters' });
      await colleague
        .post('/api/auth/invitation/accept')
        .send({ token, username, password: 'colleague-password-1', name })
        .expect(201);
      const profile = await colleague.get('/api/auth/profile').expect(200);
      expect(profile.body.data.user.name).toBe(stored);
    }
  });
});
