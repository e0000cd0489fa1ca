import { spawnSync } from 'node:child_process';
import { generate } from 'otplib';
import request from 'supertest';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  BUILT_ADMIN_CLI,
  createTestApp,
  signedIn,
  TEST_ADMIN,
  type TestApp,
} from '../../../tests/support/test-app';
import { TWO_FACTOR_PENDING_MS } from './auth.routes';

const apps: TestApp[] = [];
async function start(env: Record<string, string> = {}) {
  const t = await createTestApp(env);
  apps.push(t);
  return t;
}
afterEach(async () => {
  for (const t of apps.splice(0)) await t.destroy();
});

/**
 * The app code for a given 30-second step from now (0 = now, 1 = the next
 * one). Close to the end of a step it waits for the next, so the server
 * checks the code in the step it was made for, however slow the machine.
 */
async function code(secret: string, step = 0) {
  const intoStep = Date.now() % 30_000;
  if (intoStep > 27_000) await new Promise((r) => setTimeout(r, 30_100 - intoStep));
  return generate({ secret, epoch: Math.floor(Date.now() / 1000) + step * 30 });
}

/** Turns two-factor sign-in on for the test admin; returns the key and the recovery codes. */
async function enable(t: TestApp) {
  const admin = await signedIn(t.app);
  const setup = await admin
    .post('/api/auth/2fa/setup')
    .send({ password: TEST_ADMIN.password })
    .expect(200);
  const { secret } = setup.body.data;
  const enabled = await admin
    .post('/api/auth/2fa/enable')
    .send({ code: await code(secret, -1) })
    .expect(200);
  return { admin, secret, recovery: enabled.body.data.recovery_codes as string[] };
}

describe('two-factor setup', () => {
  it('needs the password, gives key, otpauth URL and QR code, and is not active until confirmed', async () => {
    const t = await start();
    const admin = await signedIn(t.app);
    await admin
      .post('/api/auth/2fa/setup')
      .send({ password: 'wrong-password' })
      .expect(401, { error: 'Current password is incorrect' });
    const res = await admin
      .post('/api/auth/2fa/setup')
      .send({ password: TEST_ADMIN.password })
      .expect(200);
    const { secret, otpauth_url, qr_code } = res.body.data;
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(otpauth_url).toBe(
      `otpauth://totp/Forge%20Industrial:test-admin?secret=${secret}&issuer=Forge%20Industrial`,
    );
    expect(qr_code).toMatch(/^data:image\/svg\+xml;base64,/);
    expect(Buffer.from(qr_code.split(',')[1], 'base64').toString()).toContain('<svg');
    expect((await admin.get('/api/auth/profile').expect(200)).body.data.two_factor_enabled).toBe(
      false,
    );
    await request(t.app).post('/api/auth/login').send(TEST_ADMIN).expect(200);

    await admin.post('/api/auth/2fa/enable').send({ code: '000000' }).expect(401, {
      error: 'Invalid or already used code',
    });
    const enabled = await admin
      .post('/api/auth/2fa/enable')
      .send({ code: await code(secret) })
      .expect(200);
    const codes = enabled.body.data.recovery_codes;
    expect(codes).toHaveLength(10);
    for (const c of codes) expect(c).toMatch(/^[a-z2-9]{5}-[a-z2-9]{5}$/);
    expect(new Set(codes).size).toBe(10);
    // Stored hashed, never in clear.
    const stored = (await t.db('recovery_codes').pluck('code_hash')) as string[];
    for (const c of codes) expect(stored).not.toContain(c);
    expect((await admin.get('/api/auth/profile').expect(200)).body.data.two_factor_enabled).toBe(
      true,
    );
    await admin.post('/api/auth/2fa/setup').send({ password: TEST_ADMIN.password }).expect(409);
  });

  it('refuses enable without a setup and malformed codes', async () => {
    const t = await start();
    const admin = await signedIn(t.app);
    await admin.post('/api/auth/2fa/enable').send({ code: '123456' }).expect(409, {
      error: 'Start the two-factor setup first',
    });
    const bad = await admin.post('/api/auth/2fa/enable').send({ code: '12ab' }).expect(400);
    expect(bad.body.details).toEqual({
      code: 'Enter the 6-digit code from your authenticator app or a recovery code',
    });
  });
});

describe('signing in with two-factor on', () => {
  it('asks for the code without a session, then signs in with an app code once', async () => {
    const t = await start();
    const { secret } = await enable(t);
    const agent = request.agent(t.app);
    const first = await agent.post('/api/auth/login').send(TEST_ADMIN).expect(200);
    expect(first.body).toEqual({ data: { two_factor_required: true } });
    await agent.get('/api/auth/profile').expect(401);
    await agent.post('/api/auth/login/2fa').send({ code: '000000' }).expect(401, {
      error: 'Invalid or already used code',
    });
    const appCode = await code(secret, 1);
    const done = await agent.post('/api/auth/login/2fa').send({ code: appCode }).expect(200);
    expect(done.body).toEqual({
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
    await agent.get('/api/auth/profile').expect(200);

    // The same code is refused the second time, even within its 30 seconds.
    const again = request.agent(t.app);
    await again.post('/api/auth/login').send(TEST_ADMIN).expect(200);
    await again.post('/api/auth/login/2fa').send({ code: appCode }).expect(401);
  });

  it('accepts each recovery code once, in any case and spacing', async () => {
    const t = await start();
    const { recovery } = await enable(t);
    const agent = request.agent(t.app);
    await agent.post('/api/auth/login').send(TEST_ADMIN).expect(200);
    const typed = ` ${recovery[3]!.toUpperCase().replace('-', ' ')} `;
    await agent.post('/api/auth/login/2fa').send({ code: typed }).expect(200);
    const again = request.agent(t.app);
    await again.post('/api/auth/login').send(TEST_ADMIN).expect(200);
    await again.post('/api/auth/login/2fa').send({ code: recovery[3] }).expect(401);
  });

  it('answers 401 for the second step without a pending sign-in', async () => {
    const t = await start();
    await request(t.app).post('/api/auth/login/2fa').send({ code: '123456' }).expect(401, {
      error: 'Your sign-in has expired. Please enter your username and password again.',
    });
  });

  it('limits wrong codes per address and pending account', async () => {
    const t = await start({ RATE_LIMIT_LOGIN: '3' });
    await enable(t);
    const agent = request.agent(t.app);
    await agent.post('/api/auth/login').send(TEST_ADMIN).expect(200);
    for (let i = 0; i < 3; i++) {
      await agent.post('/api/auth/login/2fa').send({ code: '000000' }).expect(401);
    }
    await agent.post('/api/auth/login/2fa').send({ code: '000000' }).expect(429);
  });

  it('counts expired answers toward no code limit: a correct code afterwards signs in', async () => {
    const t = await start({ RATE_LIMIT_LOGIN: '3' });
    const { secret } = await enable(t);
    const agent = request.agent(t.app);
    const expired = {
      error: 'Your sign-in has expired. Please enter your username and password again.',
    };
    // No password step at all: expired every time, never "too many".
    for (let i = 0; i < 4; i++) {
      await agent.post('/api/auth/login/2fa').send({ code: '000000' }).expect(401, expired);
    }
    // A password step over 5 minutes ago, three times over: expired, no guess.
    const now = Date.now;
    for (let i = 0; i < 3; i++) {
      const then = now() - TWO_FACTOR_PENDING_MS - 1000;
      const past = vi.spyOn(Date, 'now').mockImplementation(() => then);
      await agent.post('/api/auth/login').send(TEST_ADMIN).expect(200);
      past.mockRestore();
      await agent.post('/api/auth/login/2fa').send({ code: '000000' }).expect(401, expired);
    }
    await agent.post('/api/auth/login').send(TEST_ADMIN).expect(200);
    await agent
      .post('/api/auth/login/2fa')
      .send({ code: await code(secret, 1) })
      .expect(200);
    expect(
      await t.db('audit_log').where({ action: 'auth.two_factor_failed' }).count({ n: '*' }),
    ).toEqual([{ n: 0 }]);
  });
});

describe('turning two-factor off', () => {
  it('needs the password and a code', async () => {
    const t = await start();
    const { admin, secret } = await enable(t);
    await admin
      .post('/api/auth/2fa/disable')
      .send({ password: 'wrong-password', code: await code(secret) })
      .expect(401, { error: 'Current password is incorrect' });
    await admin
      .post('/api/auth/2fa/disable')
      .send({ password: TEST_ADMIN.password, code: '000000' })
      .expect(401);
    await admin
      .post('/api/auth/2fa/disable')
      .send({ password: TEST_ADMIN.password, code: await code(secret) })
      .expect(200, { data: { two_factor_enabled: false } });
    const res = await request(t.app).post('/api/auth/login').send(TEST_ADMIN).expect(200);
    expect(res.body.data.user.username).toBe(TEST_ADMIN.username);
  });

  it('is reset from the command line for an admin who lost the device', async () => {
    const t = await start();
    await enable(t);
    await t.close();
    const cli = spawnSync(process.execPath, [BUILT_ADMIN_CLI, 'reset-2fa', TEST_ADMIN.username], {
      env: { PATH: process.env.PATH, HOME: process.env.HOME, DATA_DIR: t.dataDir },
      encoding: 'utf8',
      timeout: 30_000,
    });
    expect(cli.stdout.trim()).toBe(
      `Two-factor sign-in of "test-admin" turned off (sqlite: ${t.dataDir}/site.db); ` +
        '1 signed-in session(s) ended. They sign in with their password alone.',
    );
    expect(cli.status).toBe(0);
    const again = await createTestApp({}, t.dataDir);
    apps.push(again);
    const res = await request(again.app).post('/api/auth/login').send(TEST_ADMIN).expect(200);
    expect(res.body.data.user).toEqual({
      username: TEST_ADMIN.username,
      name: null,
      language: null,
      is_admin: true,
      role: 'admin',
    });
    const audit = await again.db('audit_log').where({ action: 'account.two_factor_reset' }).first();
    expect(audit).toMatchObject({ summary: 'test-admin (command line)' });
  });
});
