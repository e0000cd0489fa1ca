import { generate } from 'otplib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signedIn, TEST_ADMIN, type TestApp } from '../../../tests/support/test-app';

/**
 * Someone at a colleague's unlocked computer guesses the current password
 * or a code that a change asks for: every wrong one is on the audit trail,
 * as a refused sign-in is, under the account and its address, saying what
 * it was given for, and never what was typed.
 */
let t: TestApp;
let admin: Awaited<ReturnType<typeof signedIn>>;
let secret = '';

/** The app's code for a step from now (waits out the end of a step, as the other tests do). */
async function code(step: number) {
  const intoStep = Date.now() % 30_000;
  if (intoStep > 27_000) await new Promise((r) => setTimeout(r, 30_100 - intoStep));
  return generate({ secret, epoch: Math.floor(Date.now() / 1000) + step * 30 });
}

beforeAll(async () => {
  // More wrong guesses than the per-account limit lets through in one test.
  t = await createTestApp({ RATE_LIMIT_LOGIN: '50' });
  admin = await signedIn(t.app);
  const setup = await admin
    .post('/api/auth/2fa/setup')
    .send({ password: TEST_ADMIN.password })
    .expect(200);
  secret = setup.body.data.secret;
  await admin
    .post('/api/auth/2fa/enable')
    .send({ code: await code(-1) })
    .expect(200);
});
afterAll(() => t.destroy());

/** The entries written since `after`, as the trail keeps them. */
async function since(after: number) {
  return t
    .db('audit_log')
    .where('id', '>', after)
    .orderBy('id')
    .select('action', 'actor_id', 'target_type', 'target_id', 'summary');
}

const lastId = async () => Number((await t.db('audit_log').max({ id: 'id' }).first())?.id ?? 0);

describe('a wrong current password or code inside a signed-in session', () => {
  it('is recorded for each change that asks for one, naming the change', async () => {
    const { id } = await t.db('users').where({ username: TEST_ADMIN.username }).first('id');
    const before = await lastId();
    const wrong = 'not-my-password-1';
    await admin
      .put('/api/auth/profile')
      .send({ password: 'a-new-password-123', current_password: wrong })
      .expect(401);
    await admin
      .post('/api/auth/email')
      .send({ email: 'boss@example.com', current_password: wrong })
      .expect(401);
    await admin.post('/api/auth/2fa/setup').send({ password: wrong }).expect(401);
    await admin.post('/api/auth/2fa/disable').send({ password: wrong, code: '123456' }).expect(401);
    await admin
      .post('/api/auth/2fa/disable')
      .send({ password: TEST_ADMIN.password, code: 'aaaaa-bbbbb' })
      .expect(401);
    await admin.post('/api/auth/2fa/move').send({ password: wrong, code: '123456' }).expect(401);
    await admin
      .post('/api/auth/2fa/move')
      .send({ password: TEST_ADMIN.password, code: 'aaaaa-bbbbb' })
      .expect(401);
    await admin
      .post('/api/auth/2fa/recovery-codes')
      .send({ password: TEST_ADMIN.password, code: 'aaaaa-bbbbb' })
      .expect(401);

    const entry = (action: string, summary: string) => ({
      action,
      actor_id: id,
      target_type: 'user',
      target_id: String(id),
      summary,
    });
    expect(await since(before)).toEqual([
      entry('account.password_check_failed', 'profile change'),
      entry('account.password_check_failed', 'e-mail change'),
      entry('account.password_check_failed', 'two-factor setup'),
      entry('account.password_check_failed', 'two-factor off'),
      entry('account.code_check_failed', 'two-factor off'),
      entry('account.password_check_failed', 'two-factor move'),
      entry('account.code_check_failed', 'two-factor move'),
      entry('account.code_check_failed', 'new recovery codes'),
    ]);
    // Two-factor sign-in is still on, the password unchanged.
    expect((await admin.get('/api/auth/2fa').expect(200)).body.data.enabled).toBe(true);
  });

  it('records nothing of the kind for a right password or code', async () => {
    const before = await lastId();
    await admin
      .put('/api/auth/profile')
      .send({ name: 'Boss', current_password: TEST_ADMIN.password })
      .expect(200);
    await admin
      .post('/api/auth/2fa/recovery-codes')
      .send({ password: TEST_ADMIN.password, code: await code(1) })
      .expect(200);
    const actions = (await since(before)).map((e) => e.action);
    expect(actions).toEqual(['account.name_changed', 'account.recovery_codes_renewed']);
  });
});
