import request from 'supertest';
import { afterEach, describe, expect, it } from 'vitest';
import {
  createTestApp,
  createUser,
  signedIn,
  TEST_ADMIN,
  type TestApp,
} from '../../../tests/support/test-app';

const apps: TestApp[] = [];
async function start(env: Record<string, string> = {}, dir?: string) {
  const t = await createTestApp(env, dir);
  apps.push(t);
  return t;
}
afterEach(async () => {
  for (const t of apps.splice(0)) await t.destroy();
});

const sessionCookie = (res: request.Response, name = 'sid') =>
  ([] as string[]).concat(res.headers['set-cookie'] ?? []).find((c) => c.startsWith(`${name}=`));

describe('POST /api/auth/login', () => {
  it('signs the admin in with an HttpOnly, SameSite=Lax cookie', async () => {
    const { app } = await start();
    const res = await request(app).post('/api/auth/login').send(TEST_ADMIN).expect(200);
    expect(res.body).toEqual({
      data: {
        user: {
          username: TEST_ADMIN.username,
          name: null,
          language: null,
          is_admin: true,
          role: 'admin',
        },
      },
    });
    const cookie = sessionCookie(res)!;
    expect(cookie).toMatch(/HttpOnly/);
    expect(cookie).toMatch(/SameSite=Lax/);
    expect(cookie).not.toMatch(/Secure/);
  });

  it('issues a new session id at login', async () => {
    const { app } = await start();
    const agent = request.agent(app);
    const first = sessionCookie(await agent.post('/api/auth/login').send(TEST_ADMIN).expect(200));
    const second = sessionCookie(await agent.post('/api/auth/login').send(TEST_ADMIN).expect(200));
    expect(first?.split(';')[0]).not.toEqual(second?.split(';')[0]);
  });

  it('names the cookie __Host-sid, Secure, Path=/ and without Domain behind a TLS proxy', async () => {
    const { app } = await start({ TRUST_PROXY: '1' });
    const res = await request(app)
      .post('/api/auth/login')
      .set('X-Forwarded-Proto', 'https')
      .send(TEST_ADMIN)
      .expect(200);
    expect(sessionCookie(res)).toBeUndefined();
    const cookie = sessionCookie(res, '__Host-sid')!;
    expect(cookie).toMatch(/; Secure/);
    expect(cookie).toMatch(/; Path=\/;/);
    expect(cookie).not.toMatch(/Domain=/i);
    // The TLS cookie is read over TLS; the plain one is not mistaken for it.
    const pair = cookie.split(';')[0]!;
    await request(app)
      .get('/api/auth/profile')
      .set('X-Forwarded-Proto', 'https')
      .set('Cookie', pair)
      .expect(200);
    await request(app).get('/api/auth/profile').set('Cookie', pair).expect(401);
    const logout = await request(app)
      .post('/api/auth/logout')
      .set('X-Forwarded-Proto', 'https')
      .set('Cookie', pair)
      .expect(200);
    expect(sessionCookie(logout, '__Host-sid')).toMatch(/Expires=Thu, 01 Jan 1970/);
  });

  it('answers 400 with details when a field is missing', async () => {
    const { app } = await start();
    const res = await request(app).post('/api/auth/login').send({ username: 'x' }).expect(400);
    expect(res.body).toEqual({
      error: 'Please fill in all fields',
      details: { password: 'Please fill in all fields' },
    });
  });

  it('answers 401 for a wrong password or an unknown user, alike', async () => {
    const { app } = await start();
    const wrong = await request(app)
      .post('/api/auth/login')
      .send({ username: TEST_ADMIN.username, password: 'not-the-password' })
      .expect(401);
    const unknown = await request(app)
      .post('/api/auth/login')
      .send({ username: 'ghost', password: 'whatever-123' })
      .expect(401);
    expect(wrong.body).toEqual({ error: 'Invalid username or password' });
    expect(unknown.body).toEqual(wrong.body);
    expect(sessionCookie(wrong)).toBeUndefined();
  });

  it('answers 429 after RATE_LIMIT_LOGIN failures for that IP and username only', async () => {
    const { app } = await start({ RATE_LIMIT_LOGIN: '3' });
    const bad = { username: TEST_ADMIN.username, password: 'wrong-password' };
    for (let i = 0; i < 3; i++) await request(app).post('/api/auth/login').send(bad).expect(401);
    const limited = await request(app).post('/api/auth/login').send(bad).expect(429);
    expect(limited.body).toEqual({
      error: 'Too many failed login attempts. Please try again in 15 minutes.',
    });
    // Even the right password waits; another username from the same IP does not.
    await request(app).post('/api/auth/login').send(TEST_ADMIN).expect(429);
    await request(app)
      .post('/api/auth/login')
      .send({ username: 'someone-else', password: 'x' })
      .expect(401);
  });

  it('does not count successful logins', async () => {
    const { app } = await start({ RATE_LIMIT_LOGIN: '2' });
    for (let i = 0; i < 4; i++)
      await request(app).post('/api/auth/login').send(TEST_ADMIN).expect(200);
  });

  it('translates errors with ?lang and the language cookie', async () => {
    const { app } = await start();
    const bad = { username: 'ghost', password: 'whatever-123' };
    const pt = await request(app).post('/api/auth/login?lang=pt').send(bad).expect(401);
    expect(pt.body.error).toBe('Nome de utilizador ou palavra-passe inválidos');
    const de = await request(app)
      .post('/api/auth/login')
      .set('Cookie', 'language=de')
      .send(bad)
      .expect(401);
    expect(de.body.error).toBe('Ungültiger Benutzername oder ungültiges Passwort');
  });
});

describe('POST /api/auth/register', () => {
  it('is 403 unless ALLOW_REGISTRATION is on', async () => {
    const { app } = await start();
    const res = await request(app)
      .post('/api/auth/register')
      .send({ username: 'newbie', password: 'long-enough-pass' })
      .expect(403);
    expect(res.body).toEqual({ error: 'Registration is disabled' });
  });

  it('creates a signed-in non-admin user, even when asked for admin', async () => {
    const { app } = await start({ ALLOW_REGISTRATION: 'true' });
    const agent = request.agent(app);
    const res = await agent
      .post('/api/auth/register')
      .send({ username: 'newbie', password: 'long-enough-pass', is_admin: true, role: 'admin' })
      .expect(201);
    expect(res.body).toEqual({
      data: {
        user: { username: 'newbie', name: null, language: null, is_admin: false, role: 'user' },
      },
    });
    const profile = await agent.get('/api/auth/profile').expect(200);
    expect(profile.body.data.user).toEqual({
      username: 'newbie',
      name: null,
      language: null,
      is_admin: false,
      role: 'user',
    });
    await agent.get('/api/news/admin').expect(403);
  });

  it('counts as a sign-in: the last sign-in is set and the trail has it', async () => {
    const t = await start({ ALLOW_REGISTRATION: 'true' });
    const before = Date.now();
    await request(t.app)
      .post('/api/auth/register')
      .send({ username: 'newbie', password: 'long-enough-pass' })
      .expect(201);
    const user = await t.db('users').where({ username: 'newbie' }).first('id', 'last_sign_in_at');
    expect(Date.parse(user.last_sign_in_at ?? '')).toBeGreaterThanOrEqual(before - 1000);
    const entries = await t
      .db('audit_log')
      .where({ actor: 'newbie' })
      .orderBy('id')
      .select('action', 'actor_id', 'target_id', 'summary');
    expect(entries).toEqual([
      expect.objectContaining({ action: 'auth.registered' }),
      {
        action: 'auth.login',
        actor_id: user.id,
        target_id: String(user.id),
        summary: 'on registration',
      },
    ]);
  });

  it("refuses a common password, saying so in the visitor's language", async () => {
    const { app } = await start({ ALLOW_REGISTRATION: 'true' });
    for (const [language, password, message] of [
      [
        'en',
        'password123',
        'This password is one of the most common ones and easy to guess. Please choose another.',
      ],
      [
        'pt',
        'aaaaaaaaaa',
        'Esta palavra-passe é das mais comuns e fácil de adivinhar. Escolha outra.',
      ],
      [
        'de',
        'Qwertz123456',
        'Dieses Passwort gehört zu den häufigsten und ist leicht zu erraten. Bitte wählen Sie ein anderes.',
      ],
    ]) {
      const res = await request(app)
        .post(`/api/auth/register?lang=${language}`)
        .send({ username: `newbie-${language}`, password })
        .expect(400);
      expect(res.body.details).toEqual({ password: message });
    }
    expect(await apps[0]!.db('users').where('username', 'like', 'newbie-%')).toEqual([]);
  });

  it('answers 400 with details for invalid input and 409 for a taken name', async () => {
    const { app } = await start({ ALLOW_REGISTRATION: 'true' });
    const invalid = await request(app)
      .post('/api/auth/register')
      .send({ username: 'a b', password: 'short' })
      .expect(400);
    expect(invalid.body.details).toEqual({
      username: 'Username must be 3 to 50 letters, digits, dots, hyphens or underscores',
      password: 'Password must be at least 10 characters',
    });
    const taken = await request(app)
      .post('/api/auth/register')
      .send({ username: TEST_ADMIN.username.toUpperCase(), password: 'long-enough-pass' })
      .expect(409);
    expect(taken.body.error).toBe('This username is already taken');
  });
});

describe('profile and logout', () => {
  it('GET /api/auth/profile is 401 without a session', async () => {
    const { app } = await start();
    const res = await request(app).get('/api/auth/profile').expect(401);
    expect(res.body).toEqual({ error: 'Authentication required' });
  });

  it('PUT /api/auth/profile checks the current password and changes name and password', async () => {
    const t = await start();
    const agent = await signedIn(t.app);
    await agent
      .put('/api/auth/profile')
      .send({ username: 'chief', current_password: 'wrong-password' })
      .expect(401)
      .expect({ error: 'Current password is incorrect' });
    const missing = await agent.put('/api/auth/profile').send({ username: 'chief' }).expect(400);
    expect(missing.body.details).toEqual({ current_password: 'Current password is required' });
    const common = await agent
      .put('/api/auth/profile')
      .send({ password: 'password1234', current_password: TEST_ADMIN.password })
      .expect(400);
    expect(common.body.details).toEqual({
      password:
        'This password is one of the most common ones and easy to guess. Please choose another.',
    });
    await agent
      .put('/api/auth/profile')
      .send({ current_password: TEST_ADMIN.password })
      .expect(400)
      .expect({ error: 'Enter a new username, password, name or language' });

    const res = await agent
      .put('/api/auth/profile')
      .send({
        username: 'chief',
        password: 'new-password-456',
        current_password: TEST_ADMIN.password,
      })
      .expect(200);
    expect(res.body).toEqual({
      data: {
        user: { username: 'chief', name: null, language: null, is_admin: true, role: 'admin' },
      },
    });
    await agent.get('/api/auth/profile').expect(200, {
      data: {
        user: { username: 'chief', name: null, language: null, is_admin: true, role: 'admin' },
        two_factor_enabled: false,
        two_factor_setup_required: false,
        email: null,
        pending_email: null,
      },
    });
    await request(t.app).post('/api/auth/login').send(TEST_ADMIN).expect(401);
    await request(t.app)
      .post('/api/auth/login')
      .send({ username: 'chief', password: 'new-password-456' })
      .expect(200);
  });

  it('PUT /api/auth/profile answers 409 when the new name is taken', async () => {
    const t = await start();
    await createUser(t, 'reader');
    const agent = await signedIn(t.app);
    await agent
      .put('/api/auth/profile')
      .send({ username: 'Reader', current_password: TEST_ADMIN.password })
      .expect(409);
  });

  it('logout destroys the session in the store, not only the cookie', async () => {
    const { app } = await start();
    const login = await request(app).post('/api/auth/login').send(TEST_ADMIN).expect(200);
    const cookie = sessionCookie(login)!.split(';')[0]!;
    await request(app).get('/api/auth/profile').set('Cookie', cookie).expect(200);
    const res = await request(app).post('/api/auth/logout').set('Cookie', cookie).expect(200);
    expect(res.body).toEqual({ data: { ok: true } });
    // The old cookie, replayed as a client that ignored the clearing header would, is dead.
    await request(app).get('/api/auth/profile').set('Cookie', cookie).expect(401);
    await request(app)
      .post('/api/auth/logout')
      .expect(200, { data: { ok: true } });
  });
});

describe('sessions', () => {
  it('survive an app restart on the same DATA_DIR', async () => {
    const first = await createTestApp();
    const login = await request(first.app).post('/api/auth/login').send(TEST_ADMIN).expect(200);
    const cookie = sessionCookie(login)!.split(';')[0]!;
    await first.close();

    const second = await start({}, first.dataDir);
    const res = await request(second.app)
      .get('/api/auth/profile')
      .set('Cookie', cookie)
      .expect(200);
    expect(res.body.data.user.username).toBe(TEST_ADMIN.username);
  });
});
