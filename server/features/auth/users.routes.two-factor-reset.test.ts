import { generate } from 'otplib';
import request from 'supertest';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startSmtpServer, type TestSmtpServer } from '../../../tests/support/smtp-server';
import {
  createAccount,
  createTestApp,
  signedIn,
  TEST_ADMIN,
  type TestApp,
} from '../../../tests/support/test-app';

let smtp: TestSmtpServer;
const apps: TestApp[] = [];
async function start(env: Record<string, string> = {}) {
  const t = await createTestApp({
    SMTP_URL: smtp.url,
    MAIL_FROM: 'Forge Industrial <team@forge.example>',
    PUBLIC_URL: 'https://www.forge.example',
    ...env,
  });
  apps.push(t);
  return t;
}
beforeAll(async () => {
  smtp = await startSmtpServer();
});
afterEach(async () => {
  for (const t of apps.splice(0)) await t.destroy();
});
afterAll(async () => {
  await smtp.close();
});

async function code(secret: string, step = 0) {
  const intoStep = Date.now() % 30_000;
  if (intoStep > 27_000) await new Promise((r) => setTimeout(r, 30_100 - intoStep));
  return generate({ secret, epoch: Math.floor(Date.now() / 1000) + step * 30 });
}

type Agent = ReturnType<typeof request.agent>;

/** Turns two-factor sign-in on for a signed-in account; answers the key. */
async function turnOn(agent: Agent, password: string) {
  const setup = await agent.post('/api/auth/2fa/setup').send({ password }).expect(200);
  const secret = setup.body.data.secret as string;
  await agent
    .post('/api/auth/2fa/enable')
    .send({ code: await code(secret, -1) })
    .expect(200);
  return secret;
}

/**
 * The test admin (two-factor on, the site requiring it) and a sales
 * colleague with two-factor on and a confirmed address, signed in.
 */
async function team(t: TestApp) {
  const admin = await signedIn(t.app);
  await turnOn(admin, TEST_ADMIN.password);
  const colleague = await createAccount(t, 'sales', 'lost-phone');
  await t.db('users').where({ username: colleague.username }).update({ email: 'lp@example.org' });
  const id = Number((await t.db('users').where({ username: colleague.username }).first()).id);
  const phone = await signedIn(t.app, colleague);
  await turnOn(phone, colleague.password);
  await admin.put('/api/settings').send({ require_two_factor: true }).expect(200);
  return { admin, colleague, id, phone };
}

describe('an admin resets a colleague’s two-factor sign-in', () => {
  it('turns it off, signs the colleague out everywhere, and asks for a new setup at sign-in', async () => {
    const t = await start();
    const { admin, colleague, id, phone } = await team(t);
    await phone.get('/api/auth/profile').expect(200);

    const res = await admin.post(`/api/users/${id}/2fa/reset`).expect(200);
    expect(res.body.data).toMatchObject({ id, username: 'lost-phone', two_factor: false });

    await phone.get('/api/auth/profile').expect(401);
    expect(await t.db('user_sessions').where({ user_id: id }).count({ n: '*' })).toEqual([
      { n: 0 },
    ]);
    expect(await t.db('recovery_codes').where({ user_id: id })).toEqual([]);

    // The password alone signs in now, into the setup the site requires.
    const again = request.agent(t.app);
    const login = await again.post('/api/auth/login').send(colleague).expect(200);
    expect(login.body.data.user.username).toBe('lost-phone');
    const profile = (await again.get('/api/auth/profile').expect(200)).body.data;
    expect(profile).toMatchObject({ two_factor_enabled: false, two_factor_setup_required: true });
    await again.get('/api/contacts').expect(403, {
      error: 'Set up two-factor sign-in on your account page first: this site requires it.',
    });
    await turnOn(again, colleague.password);
    await again.get('/api/contacts').expect(200);

    const entry = await t
      .db('audit_log')
      .where({ action: 'account.two_factor_reset', target_id: String(id) })
      .first();
    expect(entry).toMatchObject({ actor: TEST_ADMIN.username, summary: 'lost-phone' });
  });

  it('sends a colleague caught between password and code back to the password, unrecorded', async () => {
    const t = await start();
    const { admin, colleague, id } = await team(t);
    const mid = request.agent(t.app);
    await mid
      .post('/api/auth/login')
      .send(colleague)
      .expect(200, { data: { two_factor_required: true } });
    await admin.post(`/api/users/${id}/2fa/reset`).expect(200);

    for (const code of ['123456', 'k7m2p-x9c4d']) {
      await mid.post('/api/auth/login/2fa').send({ code }).expect(401, {
        error: 'Your sign-in has expired. Please enter your username and password again.',
      });
    }
    expect(
      await t.db('audit_log').where({ action: 'auth.two_factor_failed' }).count({ n: '*' }),
    ).toEqual([{ n: 0 }]);
    // The password step again: signed in, into the setup the site requires.
    await mid.post('/api/auth/login').send(colleague).expect(200);
    expect((await mid.get('/api/auth/profile').expect(200)).body.data).toMatchObject({
      two_factor_setup_required: true,
    });
  });

  it('counts the colleague’s expired answers toward no code limit', async () => {
    const t = await start({ RATE_LIMIT_LOGIN: '3' });
    const { admin, colleague, id } = await team(t);
    const mid = request.agent(t.app);
    await mid
      .post('/api/auth/login')
      .send(colleague)
      .expect(200, { data: { two_factor_required: true } });
    await admin.post(`/api/users/${id}/2fa/reset`).expect(200);
    for (let i = 0; i < 3; i++) {
      await mid.post('/api/auth/login/2fa').send({ code: '123456' }).expect(401, {
        error: 'Your sign-in has expired. Please enter your username and password again.',
      });
    }
    // The password alone, a new key as the site requires; then it signs in with that key.
    await mid.post('/api/auth/login').send(colleague).expect(200);
    const secret = await turnOn(mid, colleague.password);
    const next = request.agent(t.app);
    await next
      .post('/api/auth/login')
      .send(colleague)
      .expect(200, { data: { two_factor_required: true } });
    await next
      .post('/api/auth/login/2fa')
      .send({ code: await code(secret) })
      .expect(200);
  });

  it('two admins resetting at once: one reset, one record, one e-mail', async () => {
    const t = await start();
    const { admin, id } = await team(t);
    const second = await createAccount(t, 'admin', 'second-admin');
    const other = await signedIn(t.app, second);
    await turnOn(other, second.password);
    const answers = await Promise.all([
      admin.post(`/api/users/${id}/2fa/reset`),
      other.post(`/api/users/${id}/2fa/reset`),
    ]);
    expect(answers.map((r) => r.status).sort()).toEqual([200, 409]);
    expect(
      await t.db('audit_log').where({ action: 'account.two_factor_reset' }).count({ n: '*' }),
    ).toEqual([{ n: 1 }]);
    expect(await t.db('mail_outbox').where({ kind: 'two-factor-reset' })).toHaveLength(1);
  });

  it('e-mails the colleague, in the admin’s language, with the sign-in page', async () => {
    const t = await start();
    const { admin, id } = await team(t);
    await admin.post(`/api/users/${id}/2fa/reset?lang=de`).expect(200);
    const rows = await t.db('mail_outbox').where({ kind: 'two-factor-reset' });
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ recipient: 'lp@example.org', language: 'de' });
    const content = JSON.parse(String(rows[0].content)) as { subject: string; text: string };
    expect(content.subject).toBe(
      'Ihre Zwei-Faktor-Anmeldung wurde zurückgesetzt – Forge Industrial',
    );
    expect(content.text).toContain('test-admin hat die Zwei-Faktor-Anmeldung Ihres Kontos');
    expect(content.text).toContain('https://www.forge.example/login?lang=de');
  });

  it('is for admins only, not for one’s own account, and only while it is on', async () => {
    const t = await start();
    const { admin, id } = await team(t);
    const editor = await createAccount(t, 'editor', 'an-editor');
    const editorAgent = await signedIn(t.app, editor);
    // The editor owes the required setup; set up, the role still does not allow it.
    await turnOn(editorAgent, editor.password);
    await editorAgent.post(`/api/users/${id}/2fa/reset`).expect(403);
    const own = (await t.db('users').where({ username: TEST_ADMIN.username }).first()).id;
    const self = await admin.post(`/api/users/${own}/2fa/reset`).expect(409);
    expect(self.body.error).toContain('Move to a new device');
    await admin.post(`/api/users/${id}/2fa/reset`).expect(200);
    await admin.post(`/api/users/${id}/2fa/reset`).expect(409, {
      error: 'Two-factor sign-in is not on',
    });
    await admin.post('/api/users/9999/2fa/reset').expect(404);
    expect(
      await t.db('audit_log').where({ action: 'account.two_factor_reset' }).count({ n: '*' }),
    ).toEqual([{ n: 1 }]);
  });
});
