import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { linkTokenIn, startMailingApp, until, type MailingApp } from '../../../tests/support/mail';
import type { TestSmtpServer } from '../../../tests/support/smtp-server';
import {
  createAccount,
  createTestApp,
  signedIn,
  TEST_ADMIN,
  type TestApp,
} from '../../../tests/support/test-app';

let mailing: MailingApp;
let smtp: TestSmtpServer;
let t: TestApp;
let plain: TestApp;

beforeAll(async () => {
  mailing = await startMailingApp();
  ({ t, smtp } = mailing);
  plain = await createTestApp();
});
afterAll(async () => {
  await mailing.stop();
  await plain.destroy();
});

describe('inviting a colleague', () => {
  it('e-mails a 72-hour link in the admin’s language, from MAIL_FROM, and the link makes the account', async () => {
    const admin = await signedIn(t.app);
    const before = smtp.received.length;
    const res = await admin
      .post('/api/users/invitations?lang=de')
      .send({ email: 'Erika@Example.DE', role: 'editor' })
      .expect(201);
    expect(res.body.data).toMatchObject({
      email: 'erika@example.de',
      role: 'editor',
      invited_by: TEST_ADMIN.username,
      expired: false,
    });
    expect(res.body.data.invitation_url).toBeUndefined();
    const hours = (Date.parse(res.body.data.expires_at) - Date.now()) / 3_600_000;
    expect(hours).toBeGreaterThan(71.9);
    expect(hours).toBeLessThanOrEqual(72);

    const [mail] = (await smtp.waitFor(before + 1)).slice(before);
    expect(mail!.envelope.to).toEqual(['erika@example.de']);
    expect(mail!.header('from')).toContain('team@forge.example');
    expect(mail!.subject).toBe(
      `${TEST_ADMIN.username} lädt Sie in die Verwaltung von Forge Industrial ein`,
    );
    expect(mail!.text).toContain('Redaktion');
    // When it stops working, on the company's clock (Lisbon by default): one time, one bracket.
    expect(mail!.text).toMatch(
      /\nDer Link ist einmalig gültig bis \d{2}\.\d{2}\.\d{4}, \d{2}:\d{2} \(Westeuropäische Zeit\), also 72 Stunden lang\.\n/,
    );
    expect(mail!.text).toContain('https://www.forge.example/login/invitation?lang=de#');
    const token = linkTokenIn(mail!.text);
    // The link is in the e-mail only: once sent, the outbox keeps the subject alone.
    await until(
      () => t.db('mail_outbox').where({ kind: 'invitation' }).first('content', 'status'),
      (row) => row?.status === 'sent',
    );
    const row = await t.db('mail_outbox').where({ kind: 'invitation' }).first('content');
    expect(String(row.content)).not.toContain(token);

    const preview = await request(t.app).post('/api/auth/invitation/check').send({ token });
    expect(preview.body.data).toMatchObject({ email: 'erika@example.de', role: 'editor' });

    const weak = await request(t.app)
      .post('/api/auth/invitation/accept')
      .send({ token, username: 'erika', password: 'short' })
      .expect(400);
    expect(weak.body.details.password).toBeTruthy();
    const colleague = request.agent(t.app);
    const accepted = await colleague
      .post('/api/auth/invitation/accept')
      .send({ token, username: 'erika', password: 'erika-password-1' })
      .expect(201);
    expect(accepted.body.data.user).toEqual({
      username: 'erika',
      name: null,
      language: null,
      is_admin: true,
      role: 'editor',
    });
    // Signed in at once, with the invited address as the account's own.
    const profile = await colleague.get('/api/auth/profile').expect(200);
    expect(profile.body.data).toMatchObject({ email: 'erika@example.de' });
    await colleague.get('/api/news/admin').expect(200);
    await colleague.get('/api/contacts').expect(403);

    // Used once: the link is dead now, and the invitation is no longer pending.
    await request(t.app)
      .post('/api/auth/invitation/accept')
      .send({ token, username: 'erika2', password: 'erika-password-1' })
      .expect(400);
    const pending = await admin.get('/api/users/invitations').expect(200);
    expect(pending.body.data.map((i: { email: string }) => i.email)).not.toContain(
      'erika@example.de',
    );
    const actions = await t.db('audit_log').whereLike('action', 'user.%').select('action', 'actor');
    expect(actions).toEqual(
      expect.arrayContaining([
        { action: 'user.invited', actor: TEST_ADMIN.username },
        { action: 'user.invitation_accepted', actor: 'erika' },
      ]),
    );
  });

  it('gives the admin the link to pass on when e-mail is off', async () => {
    const admin = await signedIn(plain.app);
    const res = await admin
      .post('/api/users/invitations')
      .set('Host', 'site.example:8080')
      .send({ email: 'sam@example.com', role: 'sales' })
      .expect(201);
    expect(res.body.data.invitation_url).toMatch(
      /^http:\/\/site\.example:8080\/login\/invitation\?lang=en#/,
    );
    const token = linkTokenIn(res.body.data.invitation_url);
    const agent = request.agent(plain.app);
    await agent
      .post('/api/auth/invitation/accept')
      .send({ token, username: 'sam', password: 'sam-password-12' })
      .expect(201);
    await agent.get('/api/contacts').expect(200);
  });

  it('resends with a new link (the old one stops working) and withdraws', async () => {
    const admin = await signedIn(plain.app);
    const first = await admin
      .post('/api/users/invitations')
      .send({ email: 'late@example.com', role: 'editor' })
      .expect(201);
    const again = await admin
      .post(`/api/users/invitations/${first.body.data.id}/resend`)
      .expect(200);
    const [oldToken, newToken] = [first, again].map((r) => linkTokenIn(r.body.data.invitation_url));
    expect(newToken).not.toBe(oldToken);
    await request(plain.app)
      .post('/api/auth/invitation/check')
      .send({ token: oldToken })
      .expect(400);
    await request(plain.app)
      .post('/api/auth/invitation/check')
      .send({ token: newToken })
      .expect(200);

    await admin.delete(`/api/users/invitations/${first.body.data.id}`).expect(200);
    const gone = await request(plain.app)
      .post('/api/auth/invitation/check')
      .send({ token: newToken })
      .expect(400);
    expect(gone.body.error).toMatch(/not valid any more/);
    await admin.delete(`/api/users/invitations/${first.body.data.id}`).expect(404);
  });

  it('refuses an address that has an account, a bad role, and anyone but an admin', async () => {
    const admin = await signedIn(t.app);
    const taken = await admin
      .post('/api/users/invitations')
      .send({ email: 'erika@example.de', role: 'sales' })
      .expect(409);
    expect(taken.body.details).toEqual({
      email: 'An account with this e-mail address already exists',
    });
    const bad = await admin
      .post('/api/users/invitations')
      .send({ email: 'not-an-address', role: 'owner' })
      .expect(400);
    expect(Object.keys(bad.body.details).sort()).toEqual(['email', 'role']);
    await admin
      .post('/api/users/invitations')
      .send({ email: 'x@example.com', role: 'user' })
      .expect(400);
    const editor = await signedIn(t.app, await createAccount(t, 'editor', 'editor-inviter'));
    await editor
      .post('/api/users/invitations')
      .send({ email: 'y@example.com', role: 'editor' })
      .expect(403);
  });

  it('does not take an expired link', async () => {
    const admin = await signedIn(plain.app);
    const res = await admin
      .post('/api/users/invitations')
      .send({ email: 'old@example.com', role: 'editor' })
      .expect(201);
    await plain
      .db('account_tokens')
      .where({ id: res.body.data.id })
      .update({ expires_at: new Date(Date.now() - 1000).toISOString() });
    const token = linkTokenIn(res.body.data.invitation_url);
    await request(plain.app)
      .post('/api/auth/invitation/accept')
      .send({ token, username: 'old-timer', password: 'old-password-12' })
      .expect(400);
    const list = await admin.get('/api/users/invitations').expect(200);
    expect(list.body.data.find((i: { id: number }) => i.id === res.body.data.id).expired).toBe(
      true,
    );
  });
});

describe('managing accounts', () => {
  it('lists every account in the shape of docs/api.md and the active staff for assigning', async () => {
    const admin = await signedIn(t.app);
    await createAccount(t, 'user', 'visitor-listed');
    const all = await admin.get('/api/users').expect(200);
    const me = all.body.data.find((u: { username: string }) => u.username === TEST_ADMIN.username);
    expect(Object.keys(me).sort()).toEqual(
      [
        'active',
        'created_at',
        'email',
        'id',
        'is_admin',
        'language',
        'last_sign_in_at',
        'name',
        'open_enquiries',
        'role',
        // The test admin is the ADMIN_USERNAME account (test-app.ts).
        'startup_account',
        'two_factor',
        'username',
      ].sort(),
    );
    expect(me).toMatchObject({ role: 'admin', is_admin: true, active: true, two_factor: false });
    expect(me.last_sign_in_at).not.toBeNull();
    const sales = await signedIn(t.app, await createAccount(t, 'sales', 'sales-lister'));
    const staff = await sales.get('/api/users/staff').expect(200);
    const names = staff.body.data.map((s: { username: string }) => s.username);
    expect(names).toContain('sales-lister');
    expect(names).not.toContain('visitor-listed');
    expect(Object.keys(staff.body.data[0]).sort()).toEqual(['id', 'name', 'username']);
  });

  it('changes a role, deactivates with every session ended at once, reactivates and deletes', async () => {
    const admin = await signedIn(t.app);
    const account = await createAccount(t, 'editor', 'moving-colleague');
    const colleague = await signedIn(t.app, account);
    const second = await signedIn(t.app, account);
    const { id } = (await t.db('users').where({ username: 'moving-colleague' }).first('id')) as {
      id: number;
    };
    const changed = await admin.put(`/api/users/${id}`).send({ role: 'sales' }).expect(200);
    expect(changed.body.data).toMatchObject({ role: 'sales', is_admin: true });
    await colleague.get('/api/contacts').expect(200);

    await admin.put(`/api/users/${id}`).send({ active: false }).expect(200);
    expect(await t.db('user_sessions').where({ user_id: id })).toEqual([]);
    await colleague.get('/api/auth/profile').expect(401);
    await second.get('/api/auth/profile').expect(401);
    await request(t.app).post('/api/auth/login').send(account).expect(401);

    await admin.put(`/api/users/${id}`).send({ active: true }).expect(200);
    await signedIn(t.app, account);
    await admin.put(`/api/users/${id}`).send({}).expect(400);
    await admin
      .delete(`/api/users/${id}`)
      .expect(200, { data: { id, open_enquiries_released: 0 } });
    await request(t.app).post('/api/auth/login').send(account).expect(401);
    await admin.delete(`/api/users/${id}`).expect(404);

    const trail = await t.db('audit_log').where({ target_type: 'user', target_id: String(id) });
    expect(trail.map((e) => [e.action, e.actor])).toEqual(
      expect.arrayContaining([
        ['user.role_changed', TEST_ADMIN.username],
        ['user.deactivated', TEST_ADMIN.username],
        ['user.reactivated', TEST_ADMIN.username],
        ['user.deleted', TEST_ADMIN.username],
      ]),
    );
    expect(trail.find((e) => e.action === 'user.role_changed').summary).toBe(
      'moving-colleague: editor -> sales',
    );
  });

  it('asks for what it takes, a role or active, when the body changes nothing (en, pt, de)', async () => {
    const admin = await signedIn(t.app);
    await createAccount(t, 'editor', 'unchanged-colleague');
    const { id } = (await t.db('users').where({ username: 'unchanged-colleague' }).first('id')) as {
      id: number;
    };
    const said = async (language: string) =>
      (await admin.put(`/api/users/${id}?lang=${language}`).send({}).expect(400)).body.details._;
    expect(await said('en')).toBe('Choose a new role, or activate or deactivate the account');
    expect(await said('pt')).toBe('Escolha uma nova função, ou ative ou desative a conta');
    expect(await said('de')).toBe(
      'Wählen Sie eine neue Rolle oder aktivieren bzw. deaktivieren Sie das Konto',
    );
  });

  it('keeps the last active admin: no demotion, deactivation or deletion (409)', async () => {
    const app = await createTestApp();
    try {
      const admin = await signedIn(app.app);
      const { id } = (await app
        .db('users')
        .where({ username: TEST_ADMIN.username })
        .first('id')) as {
        id: number;
      };
      for (const [method, body] of [
        ['put', { role: 'editor' }],
        ['put', { active: false }],
        ['delete', undefined],
      ] as const) {
        const res = await admin[method](`/api/users/${id}`).send(body).expect(409);
        expect(res.body.error).toMatch(/last active administrator/);
      }
      // A second admin, even a deactivated one, does not count; an active one does.
      const other = await createAccount(app, 'admin', 'second-admin');
      await app.db('users').where({ username: 'second-admin' }).update({ active: false });
      await admin.put(`/api/users/${id}`).send({ role: 'editor' }).expect(409);
      await app.db('users').where({ username: 'second-admin' }).update({ active: true });
      await admin.put(`/api/users/${id}`).send({ role: 'editor' }).expect(200);
      // Now the other is the last one.
      const chief = await signedIn(app.app, other);
      const { id: otherId } = (await app
        .db('users')
        .where({ username: 'second-admin' })
        .first('id')) as {
        id: number;
      };
      await chief.delete(`/api/users/${otherId}`).expect(409);
    } finally {
      await app.destroy();
    }
  });
});
