import request from 'supertest';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createTestApp, signedIn, TEST_ADMIN, type TestApp } from '../../../tests/support/test-app';

const apps: TestApp[] = [];
async function start(env: Record<string, string> = {}) {
  const t = await createTestApp({ TRUST_PROXY: 'true', ...env });
  apps.push(t);
  return t;
}
afterEach(async () => {
  vi.restoreAllMocks();
  for (const t of apps.splice(0)) await t.destroy();
});

const FIREFOX = 'Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0';
const SAFARI =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';

/** A signed-in agent that presents itself as a browser at an address. */
async function device(t: TestApp, userAgent: string, ip: string) {
  const agent = request.agent(t.app);
  await agent
    .post('/api/auth/login')
    .set('User-Agent', userAgent)
    .set('X-Forwarded-For', ip)
    .send(TEST_ADMIN)
    .expect(200);
  return agent;
}

const HOUR = 3_600_000;

describe('session lifetimes', () => {
  it('ends a session idle longer than SESSION_IDLE_HOURS', async () => {
    const t = await start({ SESSION_IDLE_HOURS: '2' });
    const login = await request(t.app).post('/api/auth/login').send(TEST_ADMIN).expect(200);
    // The cookie replayed by hand, as a client that ignores its expiry would: the server decides.
    const cookie = String(login.headers['set-cookie']).split(';')[0]!;
    const profile = () => request(t.app).get('/api/auth/profile').set('Cookie', cookie);
    const now = Date.now();
    vi.spyOn(Date, 'now').mockReturnValue(now + HOUR);
    await profile().expect(200);
    vi.spyOn(Date, 'now').mockReturnValue(now + 3.5 * HOUR);
    await profile().expect(401);
    vi.spyOn(Date, 'now').mockReturnValue(now + 3.6 * HOUR);
    await profile().expect(401);
  });

  it('ends a session at SESSION_ABSOLUTE_DAYS however active it is', async () => {
    const t = await start({ SESSION_ABSOLUTE_DAYS: '1' });
    const agent = await signedIn(t.app);
    const now = Date.now();
    for (let h = 6; h <= 24; h += 6) {
      vi.spyOn(Date, 'now').mockReturnValue(now + h * HOUR - 60_000);
      await agent.get('/api/auth/profile').expect(200);
    }
    vi.spyOn(Date, 'now').mockReturnValue(now + 24 * HOUR + 60_000);
    await agent.get('/api/auth/profile').expect(401);
  });

  it('ends a session at its lifetime even when the session list cannot be written', async () => {
    const t = await start({ SESSION_ABSOLUTE_DAYS: '1' });
    const agent = await signedIn(t.app);
    const now = Date.now();
    for (let h = 8; h <= 24; h += 8) {
      vi.spyOn(Date, 'now').mockReturnValue(now + h * HOUR - 60_000);
      await agent.get('/api/auth/profile').expect(200);
    }
    // The session list refuses to forget anything, as a failing database would.
    await t.db.raw(
      "CREATE TRIGGER keep_sessions BEFORE DELETE ON user_sessions BEGIN SELECT RAISE(ABORT, 'failing'); END",
    );
    vi.spyOn(Date, 'now').mockReturnValue(now + 24 * HOUR + 60_000);
    await agent.get('/api/auth/profile').expect(401);
    await agent.get('/api/auth/profile').expect(401);
  });

  it('sets the cookie for the idle lifetime, renewed by use', async () => {
    const t = await start({ SESSION_IDLE_HOURS: '12' });
    const res = await request(t.app).post('/api/auth/login').send(TEST_ADMIN).expect(200);
    const cookie = String(res.headers['set-cookie']);
    const expires = Date.parse(/Expires=([^;]+)/.exec(cookie)![1]!);
    expect(Math.abs(expires - (Date.now() + 12 * HOUR))).toBeLessThan(60_000);
  });
});

describe('the list of signed-in sessions', () => {
  it('lists device, address and times, marks the current one, never the session id', async () => {
    const t = await start();
    const laptop = await device(t, FIREFOX, '198.51.100.20');
    await device(t, SAFARI, '203.0.113.30');
    const res = await laptop.get('/api/auth/sessions').expect(200);
    const sessions = res.body.data as Array<Record<string, unknown>>;
    expect(sessions).toHaveLength(2);
    const mine = sessions.find((s) => s.current)!;
    expect(mine).toEqual({
      id: expect.stringMatching(/^[A-Za-z0-9_-]{22}$/),
      device: 'Firefox · Linux',
      address: '198.51.100.20',
      last_seen: expect.any(String),
      created_at: expect.any(String),
      current: true,
    });
    expect(sessions.find((s) => !s.current)).toMatchObject({
      device: 'Safari · iOS',
      address: '203.0.113.30',
    });
    const sids = (await t.db('user_sessions').pluck('sid')) as string[];
    for (const sid of sids) expect(JSON.stringify(res.body)).not.toContain(sid);
    await request(t.app).get('/api/auth/sessions').expect(401);
  });

  it('signs out everywhere else, and ends one session by its id', async () => {
    const t = await start();
    const laptop = await device(t, FIREFOX, '198.51.100.21');
    const phone = await device(t, SAFARI, '203.0.113.31');
    const tablet = await device(t, SAFARI, '203.0.113.32');
    const list = (await laptop.get('/api/auth/sessions').expect(200)).body.data;
    const phoneId = list.find((s: { address: string }) => s.address === '203.0.113.31').id;

    await laptop.delete(`/api/auth/sessions/${phoneId}`).expect(200, { data: { id: phoneId } });
    await phone.get('/api/auth/profile').expect(401);
    await tablet.get('/api/auth/profile').expect(200);
    await laptop.delete(`/api/auth/sessions/${phoneId}`).expect(404, {
      error: 'Session not found',
    });

    await laptop.delete('/api/auth/sessions/others').expect(200, { data: { ended: 1 } });
    await tablet.get('/api/auth/profile').expect(401);
    await laptop.get('/api/auth/profile').expect(200);
    expect((await laptop.get('/api/auth/sessions').expect(200)).body.data).toHaveLength(1);
  });

  it('does not let one user end another user’s session', async () => {
    const t = await start({ ALLOW_REGISTRATION: 'true' });
    const admin = await device(t, FIREFOX, '198.51.100.22');
    const reader = request.agent(t.app);
    await reader
      .post('/api/auth/register')
      .send({ username: 'reader', password: 'reader-password-1' })
      .expect(201);
    const adminId = (await admin.get('/api/auth/sessions').expect(200)).body.data[0].id;
    await reader.delete(`/api/auth/sessions/${adminId}`).expect(404);
    await admin.get('/api/auth/profile').expect(200);
  });
});

describe('a password change', () => {
  it('rotates the current session id and ends every other session', async () => {
    const t = await start();
    const laptop = await device(t, FIREFOX, '198.51.100.23');
    const phone = await device(t, SAFARI, '203.0.113.33');
    const before = (await laptop.get('/api/auth/sessions').expect(200)).body.data;
    const oldCookie = (await t.db('user_sessions').where({ device: 'Firefox · Linux' }).first())
      .sid as string;

    const res = await laptop
      .put('/api/auth/profile')
      .send({ password: 'a-brand-new-password', current_password: TEST_ADMIN.password })
      .expect(200);
    expect(String(res.headers['set-cookie'])).toMatch(/^sid=/);
    await laptop.get('/api/auth/profile').expect(200);
    await phone.get('/api/auth/profile').expect(401);
    const after = (await laptop.get('/api/auth/sessions').expect(200)).body.data;
    expect(after).toHaveLength(1);
    expect(after[0].id).not.toBe(before.find((s: { current: boolean }) => s.current).id);
    expect(await t.db('user_sessions').where({ sid: oldCookie }).first()).toBeUndefined();
  });

  it('keeps the session when only the username changes', async () => {
    const t = await start();
    const laptop = await device(t, FIREFOX, '198.51.100.24');
    const phone = await device(t, SAFARI, '203.0.113.34');
    await laptop
      .put('/api/auth/profile')
      .send({ username: 'chief', current_password: TEST_ADMIN.password })
      .expect(200);
    await phone.get('/api/auth/profile').expect(200);
  });
});
