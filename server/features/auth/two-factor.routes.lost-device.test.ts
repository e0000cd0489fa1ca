import { generate } from 'otplib';
import request from 'supertest';
import { afterEach, describe, expect, it } from 'vitest';
import { createTestApp, signedIn, TEST_ADMIN, type TestApp } from '../../../tests/support/test-app';

const apps: TestApp[] = [];
async function start() {
  const t = await createTestApp({});
  apps.push(t);
  return t;
}
afterEach(async () => {
  for (const t of apps.splice(0)) await t.destroy();
});

/** The app code for a 30-second step from now; near a step's end it waits for the next. */
async function code(secret: string, step = 0) {
  const intoStep = Date.now() % 30_000;
  if (intoStep > 27_000) await new Promise((r) => setTimeout(r, 30_100 - intoStep));
  return generate({ secret, epoch: Math.floor(Date.now() / 1000) + step * 30 });
}

/** The test admin with two-factor sign-in on and the site requiring it. */
async function required(t: TestApp) {
  const admin = await signedIn(t.app);
  const setup = await admin
    .post('/api/auth/2fa/setup')
    .send({ password: TEST_ADMIN.password })
    .expect(200);
  const { secret } = setup.body.data as { secret: string };
  const enabled = await admin
    .post('/api/auth/2fa/enable')
    .send({ code: await code(secret, -1) })
    .expect(200);
  await admin.put('/api/settings').send({ require_two_factor: true }).expect(200);
  return { secret, recovery: enabled.body.data.recovery_codes as string[] };
}

/** Signs in with the password and then the given code; answers the agent and the second step. */
async function signIn(t: TestApp, second: string) {
  const agent = request.agent(t.app);
  await agent
    .post('/api/auth/login')
    .send(TEST_ADMIN)
    .expect(200, {
      data: { two_factor_required: true },
    });
  const res = await agent.post('/api/auth/login/2fa').send({ code: second });
  return { agent, status: res.status };
}

const actions = async (t: TestApp) =>
  (await t.db('audit_log').orderBy('id').select('action')).map((r) => String(r.action));

describe('moving two-factor sign-in to a new device', () => {
  it('lost phone: a recovery code signs in, the move swaps key and codes, the old key is refused', async () => {
    const t = await start();
    const { secret, recovery } = await required(t);

    const { agent, status } = await signIn(t, recovery[0]!);
    expect(status).toBe(200);
    await agent.get('/api/auth/2fa').expect(200, {
      data: { enabled: true, recovery_codes_left: 9, move_pending: false },
    });

    const moved = await agent
      .post('/api/auth/2fa/move')
      .send({ password: TEST_ADMIN.password, code: recovery[1] })
      .expect(200);
    const next = moved.body.data as { secret: string; otpauth_url: string; qr_code: string };
    expect(next.secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(next.secret).not.toBe(secret);
    expect(next.qr_code).toMatch(/^data:image\/svg\+xml;base64,/);
    // Nothing is off in between: still on, and the old key still signs in until confirmed.
    expect((await agent.get('/api/auth/profile').expect(200)).body.data).toMatchObject({
      two_factor_enabled: true,
      two_factor_setup_required: false,
    });
    expect((await signIn(t, await code(secret))).status).toBe(200);

    await agent.post('/api/auth/2fa/move/confirm').send({ code: '000000' }).expect(401, {
      error: 'Invalid or already used code',
    });
    const confirmed = await agent
      .post('/api/auth/2fa/move/confirm')
      .send({ code: await code(next.secret) })
      .expect(200);
    const fresh = confirmed.body.data.recovery_codes as string[];
    expect(fresh).toHaveLength(10);
    expect(fresh.some((c) => recovery.includes(c))).toBe(false);
    await agent.get('/api/auth/2fa').expect(200, {
      data: { enabled: true, recovery_codes_left: 10, move_pending: false },
    });

    expect((await signIn(t, await code(secret, 1))).status).toBe(401);
    expect((await signIn(t, recovery[2]!)).status).toBe(401);
    expect((await signIn(t, await code(next.secret, 1))).status).toBe(200);
    expect((await signIn(t, fresh[0]!)).status).toBe(200);
    // Confirmed once: a second confirmation has nothing pending.
    await agent
      .post('/api/auth/2fa/move/confirm')
      .send({ code: await code(next.secret, 1) })
      .expect(409);
    expect(await actions(t)).toContain('account.two_factor_moved');
  });

  it('asked again by the session that started it, answers the same key without spending a code', async () => {
    const t = await start();
    const { secret, recovery } = await required(t);
    const { agent } = await signIn(t, recovery[0]!);
    const left = async (a = agent) =>
      (await a.get('/api/auth/2fa').expect(200)).body.data.recovery_codes_left as number;

    const first = await agent
      .post('/api/auth/2fa/move')
      .send({ password: TEST_ADMIN.password, code: recovery[1] })
      .expect(200);
    const key = first.body.data.secret as string;
    expect(await left()).toBe(8);
    // The dialog was closed before the new app had the key: asking again spends nothing.
    await agent
      .post('/api/auth/2fa/move')
      .send({ password: 'wrong-password', code: recovery[2] })
      .expect(401, { error: 'Current password is incorrect' });
    const again = await agent
      .post('/api/auth/2fa/move')
      .send({ password: TEST_ADMIN.password, code: recovery[2] })
      .expect(200);
    expect(again.body.data.secret).toBe(key);
    expect(await left()).toBe(8);

    // Another session needs a code of its own, and its key replaces the pending one.
    const other = (await signIn(t, await code(secret))).agent;
    await other
      .post('/api/auth/2fa/move')
      .send({ password: TEST_ADMIN.password, code: 'aaaaa-aaaaa' })
      .expect(401, { error: 'Invalid or already used code' });
    const theirs = await other
      .post('/api/auth/2fa/move')
      .send({ password: TEST_ADMIN.password, code: recovery[2] })
      .expect(200);
    expect(theirs.body.data.secret).not.toBe(key);
    expect(await left()).toBe(7);
    // The first session's key is no longer the pending one: a code again.
    await agent
      .post('/api/auth/2fa/move')
      .send({ password: TEST_ADMIN.password, code: recovery[2] })
      .expect(401, { error: 'Invalid or already used code' });
    const anew = await agent
      .post('/api/auth/2fa/move')
      .send({ password: TEST_ADMIN.password, code: recovery[3] })
      .expect(200);
    expect(anew.body.data.secret).not.toBe(theirs.body.data.secret);
    await agent
      .post('/api/auth/2fa/move/confirm')
      .send({ code: await code(anew.body.data.secret as string) })
      .expect(200);
  });

  it('tells the session that started it, and only it, that the password alone reopens it', async () => {
    const t = await start();
    const { secret, recovery } = await required(t);
    const { agent } = await signIn(t, recovery[0]!);
    const other = (await signIn(t, await code(secret))).agent;
    const status = async (a: typeof agent) =>
      (await a.get('/api/auth/2fa').expect(200)).body.data as Record<string, unknown>;
    expect(await status(agent)).toEqual({
      enabled: true,
      recovery_codes_left: 9,
      move_pending: false,
    });

    const first = await agent
      .post('/api/auth/2fa/move')
      .send({ password: TEST_ADMIN.password, code: recovery[1] })
      .expect(200);
    const key = first.body.data.secret as string;
    expect(await status(agent)).toMatchObject({ recovery_codes_left: 8, move_pending: true });
    expect(await status(other)).toMatchObject({ move_pending: false });

    // The dialog opened again (the phone is gone, no code to give): the password alone.
    await agent
      .post('/api/auth/2fa/move')
      .send({ password: 'wrong-password' })
      .expect(401, { error: 'Current password is incorrect' });
    const again = await agent
      .post('/api/auth/2fa/move')
      .send({ password: TEST_ADMIN.password })
      .expect(200);
    expect(again.body.data.secret).toBe(key);
    expect(await status(agent)).toMatchObject({ recovery_codes_left: 8, move_pending: true });
    // Another session still needs a code of its own.
    const refused = await other
      .post('/api/auth/2fa/move')
      .send({ password: TEST_ADMIN.password })
      .expect(400);
    expect(refused.body.details).toEqual({
      code: 'Enter the code from your authenticator app or a recovery code',
    });

    await agent
      .post('/api/auth/2fa/move/confirm')
      .send({ code: await code(key) })
      .expect(200);
    expect(await status(agent)).toMatchObject({ recovery_codes_left: 10, move_pending: false });
    await agent.post('/api/auth/2fa/move').send({ password: TEST_ADMIN.password }).expect(400);
  });

  it('ends every other session of the account once the new device is confirmed', async () => {
    const t = await start();
    const { secret, recovery } = await required(t);
    const lostPhone = (await signIn(t, await code(secret))).agent;
    const { agent } = await signIn(t, recovery[0]!);
    const moved = await agent
      .post('/api/auth/2fa/move')
      .send({ password: TEST_ADMIN.password, code: recovery[1] })
      .expect(200);
    // Until the move is confirmed, nothing else changes.
    await lostPhone.get('/api/auth/profile').expect(200);
    await agent
      .post('/api/auth/2fa/move/confirm')
      .send({ code: await code(moved.body.data.secret as string) })
      .expect(200);
    await lostPhone.get('/api/auth/profile').expect(401);
    await agent.get('/api/auth/profile').expect(200);
    const sessions = (await agent.get('/api/auth/sessions').expect(200)).body.data as unknown[];
    expect(sessions).toHaveLength(1);
  });

  it('needs the password and a current code, and two-factor sign-in on', async () => {
    const t = await start();
    const admin = await signedIn(t.app);
    await admin
      .post('/api/auth/2fa/move')
      .send({ password: TEST_ADMIN.password, code: '123456' })
      .expect(409, { error: 'Two-factor sign-in is not on' });
    const { secret, recovery } = await required(t);
    const { agent } = await signIn(t, recovery[0]!);
    await agent
      .post('/api/auth/2fa/move')
      .send({ password: 'wrong-password', code: recovery[1] })
      .expect(401, { error: 'Current password is incorrect' });
    await agent
      .post('/api/auth/2fa/move')
      .send({ password: TEST_ADMIN.password, code: recovery[0] })
      .expect(401, { error: 'Invalid or already used code' });
    await agent.post('/api/auth/2fa/move').send({ password: TEST_ADMIN.password }).expect(400);
    await agent
      .post('/api/auth/2fa/move/confirm')
      .send({ code: await code(secret, 1) })
      .expect(409);
    // Setting up from scratch stays refused while it is on.
    await agent.post('/api/auth/2fa/setup').send({ password: TEST_ADMIN.password }).expect(409);
  });
});

describe('a recovery code given as proof', () => {
  it('is recorded as used, as at sign-in: moving, new codes, turning off', async () => {
    const t = await start();
    const { secret, recovery } = await required(t);
    const { agent } = await signIn(t, await code(secret));
    const used = async () =>
      (
        await t
          .db('audit_log')
          .where({ action: 'account.recovery_code_used' })
          .select('actor', 'target_id')
      ).map((r) => [String(r.actor), String(r.target_id)]);
    expect(await used()).toEqual([]);
    const id = String((await t.db('users').where({ username: TEST_ADMIN.username }).first()).id);

    await agent
      .post('/api/auth/2fa/move')
      .send({ password: TEST_ADMIN.password, code: recovery[0] })
      .expect(200);
    expect(await used()).toEqual([[TEST_ADMIN.username, id]]);
    const renewed = await agent
      .post('/api/auth/2fa/recovery-codes')
      .send({ password: TEST_ADMIN.password, code: recovery[1] })
      .expect(200);
    expect(await used()).toHaveLength(2);
    await agent.put('/api/settings').send({ require_two_factor: false }).expect(200);
    await agent
      .post('/api/auth/2fa/disable')
      .send({ password: TEST_ADMIN.password, code: renewed.body.data.recovery_codes[0] })
      .expect(200);
    expect(await used()).toHaveLength(3);
  });
});

describe('new recovery codes', () => {
  it('replaces the set: the old codes stop working, the new ones sign in', async () => {
    const t = await start();
    const { secret, recovery } = await required(t);
    const { agent } = await signIn(t, recovery[0]!);
    await agent
      .post('/api/auth/2fa/recovery-codes')
      .send({ password: 'wrong-password', code: recovery[1] })
      .expect(401);
    await agent
      .post('/api/auth/2fa/recovery-codes')
      .send({ password: TEST_ADMIN.password, code: '000000' })
      .expect(401);
    const res = await agent
      .post('/api/auth/2fa/recovery-codes')
      .send({ password: TEST_ADMIN.password, code: await code(secret) })
      .expect(200);
    const fresh = res.body.data.recovery_codes as string[];
    expect(fresh).toHaveLength(10);
    expect(new Set(fresh).size).toBe(10);
    await agent.get('/api/auth/2fa').expect(200, {
      data: { enabled: true, recovery_codes_left: 10, move_pending: false },
    });
    expect((await signIn(t, recovery[1]!)).status).toBe(401);
    expect((await signIn(t, fresh[0]!)).status).toBe(200);
    await agent.get('/api/auth/2fa').expect(200, {
      data: { enabled: true, recovery_codes_left: 9, move_pending: false },
    });
    expect(await actions(t)).toContain('account.recovery_codes_renewed');
  });

  it('counts nothing while two-factor sign-in is off', async () => {
    const t = await start();
    const admin = await signedIn(t.app);
    await admin.get('/api/auth/2fa').expect(200, {
      data: { enabled: false, recovery_codes_left: 0, move_pending: false },
    });
    await admin
      .post('/api/auth/2fa/recovery-codes')
      .send({ password: TEST_ADMIN.password, code: '123456' })
      .expect(409);
  });
});
