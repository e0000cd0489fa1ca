import { generate } from 'otplib';
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
 * The language a colleague reads the site's e-mails and the admin in: set
 * and cleared on the profile without the current password (it is not a way
 * in), one of the site's languages, and answered with the user everywhere
 * the user is answered, the sign-in answers included (with the display
 * name), so the admin can open in it on a new device.
 */
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ ALLOW_REGISTRATION: 'true' });
});
afterAll(async () => {
  await t.destroy();
});

/** The app's code for a 30-second step from now, made well inside that step (as two-factor.routes.test.ts). */
async function code(secret: string, step = 0) {
  const intoStep = Date.now() % 30_000;
  if (intoStep > 27_000) await new Promise((r) => setTimeout(r, 30_100 - intoStep));
  return generate({ secret, epoch: Math.floor(Date.now() / 1000) + step * 30 });
}

const languageOf = async (username: string) =>
  (await t.db('users').where({ username }).first('language')).language as string | null;

describe('PUT /api/auth/profile with a language', () => {
  it('sets and clears it without the current password, and answers it with the user', async () => {
    const { username, password } = await createAccount(t, 'sales', 'joana');
    const agent = await signedIn(t.app, { username, password });
    const before = await agent.get('/api/auth/profile').expect(200);
    expect(before.body.data.user).toEqual({
      username: 'joana',
      name: null,
      language: null,
      is_admin: true,
      role: 'sales',
    });

    const res = await agent.put('/api/auth/profile').send({ language: 'pt' }).expect(200);
    expect(res.body.data.user).toEqual({
      username: 'joana',
      name: null,
      language: 'pt',
      is_admin: true,
      role: 'sales',
    });
    expect(await languageOf('joana')).toBe('pt');
    expect((await agent.get('/api/auth/profile').expect(200)).body.data.user.language).toBe('pt');

    const cleared = await agent.put('/api/auth/profile').send({ language: null }).expect(200);
    expect(cleared.body.data.user.language).toBeNull();
    expect(await languageOf('joana')).toBeNull();

    // Each change is recorded, as the display name's is; the same language again is no change.
    await agent.put('/api/auth/profile').send({ language: null }).expect(200);
    const { id } = await t.db('users').where({ username: 'joana' }).first('id');
    const entries = await t
      .db('audit_log')
      .where({ action: 'account.language_changed', actor: 'joana' })
      .orderBy('id')
      .select('target_type', 'target_id', 'summary');
    expect(entries).toEqual([
      { target_type: 'user', target_id: String(id), summary: '(none) -> pt' },
      { target_type: 'user', target_id: String(id), summary: 'pt -> (none)' },
    ]);
  });

  it('refuses anything but en, pt or de, in the request’s language, and keeps the one it had', async () => {
    const { username, password } = await createAccount(t, 'sales', 'picky');
    const agent = await signedIn(t.app, { username, password });
    await agent.put('/api/auth/profile').send({ language: 'de' }).expect(200);
    for (const wrong of ['fr', 'PT', 'pt-PT', '', 42, true]) {
      const res = await agent.put('/api/auth/profile').send({ language: wrong }).expect(400);
      expect(res.body.details).toEqual({ language: 'Language must be en, pt or de' });
    }
    for (const [lang, message] of [
      ['pt', 'O idioma deve ser en, pt ou de'],
      ['de', 'Die Sprache muss en, pt oder de sein'],
    ]) {
      const res = await agent
        .put(`/api/auth/profile?lang=${lang}`)
        .send({ language: 'es' })
        .expect(400);
      expect(res.body.details).toEqual({ language: message });
    }
    expect(await languageOf('picky')).toBe('de');
  });

  it('checks a current password sent along, and names every field when nothing is sent', async () => {
    const { username, password } = await createAccount(t, 'sales', 'careful-lang');
    const agent = await signedIn(t.app, { username, password });
    await agent
      .put('/api/auth/profile')
      .send({ language: 'pt', current_password: 'wrong-password' })
      .expect(401, { error: 'Current password is incorrect' });
    expect(await languageOf('careful-lang')).toBeNull();
    for (const [lang, message] of [
      ['en', 'Enter a new username, password, name or language'],
      ['pt', 'Indique um novo nome de utilizador, palavra-passe, nome ou idioma'],
      [
        'de',
        'Geben Sie einen neuen Benutzernamen, ein neues Passwort, einen Namen oder eine Sprache an',
      ],
    ]) {
      await agent.put(`/api/auth/profile?lang=${lang}`).send({}).expect(400, { error: message });
    }
  });
});

describe('the sign-in answers', () => {
  const user = (fields: object) => ({ data: { user: expect.objectContaining(fields) } });

  it('carry the display name and the language, as the profile does', async () => {
    await createAccount(t, 'sales', 'marta');
    await t
      .db('users')
      .where({ username: 'marta' })
      .update({ name: 'Marta Simões', language: 'pt' });
    const res = await request(t.app)
      .post('/api/auth/login')
      .send({ username: 'marta', password: 'sales-password-1' })
      .expect(200);
    expect(res.body.data.user).toEqual({
      username: 'marta',
      name: 'Marta Simões',
      language: 'pt',
      is_admin: true,
      role: 'sales',
    });

    const plain = await request(t.app).post('/api/auth/login').send(TEST_ADMIN).expect(200);
    expect(plain.body).toEqual(user({ username: TEST_ADMIN.username, name: null, language: null }));

    const registered = await request(t.app)
      .post('/api/auth/register')
      .send({ username: 'visitor', password: 'visitor-password-1' })
      .expect(201);
    expect(registered.body.data.user).toEqual({
      username: 'visitor',
      name: null,
      language: null,
      is_admin: false,
      role: 'user',
    });
  });

  it('carry them after the second step, and after accepting an invitation', async () => {
    const { username, password } = await createAccount(t, 'admin', 'ines');
    await t.db('users').where({ username }).update({ name: 'Inês Rocha', language: 'de' });
    const ines = await signedIn(t.app, { username, password });
    const { secret } = (await ines.post('/api/auth/2fa/setup').send({ password }).expect(200)).body
      .data;
    await ines
      .post('/api/auth/2fa/enable')
      .send({ code: await code(secret, -1) })
      .expect(200);
    const agent = request.agent(t.app);
    await agent
      .post('/api/auth/login')
      .send({ username, password })
      .expect(200, { data: { two_factor_required: true } });
    const second = await agent
      .post('/api/auth/login/2fa')
      .send({ code: await code(secret) })
      .expect(200);
    expect(second.body.data.user).toEqual({
      username: 'ines',
      name: 'Inês Rocha',
      language: 'de',
      is_admin: true,
      role: 'admin',
    });

    const admin = await signedIn(t.app);
    const sent = await admin
      .post('/api/users/invitations')
      .send({ email: 'helena@example.com', role: 'sales' })
      .expect(201);
    const token = String(sent.body.data.invitation_url).split('#')[1];
    const accepted = await request(t.app)
      .post('/api/auth/invitation/accept')
      .send({ token, username: 'helena', password: 'colleague-password-1', name: 'Helena Braga' })
      .expect(201);
    expect(accepted.body.data.user).toEqual({
      username: 'helena',
      name: 'Helena Braga',
      language: null,
      is_admin: true,
      role: 'sales',
    });
  });
});
