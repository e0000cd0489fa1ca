import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createAccount,
  createTestApp,
  signedIn,
  TEST_ADMIN,
  type TestApp,
} from '../../../tests/support/test-app';

/**
 * The profile of the account ADMIN_USERNAME names says so, as GET
 * /api/users does, so the account page can warn before a rename: the next
 * start creates an admin of the old name again.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await createAccount(t, 'admin', 'boss', 'boss-password-123');
});
afterAll(() => t.destroy());

const profileOf = async (app: TestApp, account = TEST_ADMIN) =>
  (await (await signedIn(app.app, account)).get('/api/auth/profile').expect(200)).body.data;

describe('GET /api/auth/profile: the account ADMIN_USERNAME names', () => {
  it('carries startup_account: true; another account carries no flag', async () => {
    expect(await profileOf(t)).toMatchObject({ startup_account: true });
    const boss = await profileOf(t, { username: 'boss', password: 'boss-password-123' });
    expect(boss).not.toHaveProperty('startup_account');
  });

  it('is found whatever the case of its letters, and no longer once renamed', async () => {
    const setup = await signedIn(t.app);
    await setup
      .put('/api/auth/profile')
      .send({ username: 'TEST-Admin', current_password: TEST_ADMIN.password })
      .expect(200);
    expect((await setup.get('/api/auth/profile').expect(200)).body.data).toMatchObject({
      startup_account: true,
    });
    await setup
      .put('/api/auth/profile')
      .send({ username: 'renamed-admin', current_password: TEST_ADMIN.password })
      .expect(200);
    expect((await setup.get('/api/auth/profile').expect(200)).body.data).not.toHaveProperty(
      'startup_account',
    );
  });

  it('is not carried on a server started without ADMIN_USERNAME', async () => {
    const bare = await createTestApp({ ADMIN_USERNAME: '', ADMIN_PASSWORD: '' });
    try {
      await createAccount(bare, 'admin', TEST_ADMIN.username, TEST_ADMIN.password);
      expect(await profileOf(bare)).not.toHaveProperty('startup_account');
    } finally {
      await bare.destroy();
    }
  });
});
