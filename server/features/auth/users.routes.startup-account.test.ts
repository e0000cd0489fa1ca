import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createAccount,
  createTestApp,
  signedIn,
  TEST_ADMIN,
  type TestApp,
} from '../../../tests/support/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await createAccount(t, 'admin', 'boss', 'boss-password-123');
});
afterAll(() => t.destroy());

type Listed = { username: string; startup_account?: boolean };
const list = async (app: TestApp) => {
  const boss = await signedIn(app.app, { username: 'boss', password: 'boss-password-123' });
  return (await boss.get('/api/users').expect(200)).body.data as Listed[];
};

describe('GET /api/users: the account ADMIN_USERNAME names', () => {
  it('is flagged startup_account: true; the others carry no flag', async () => {
    const accounts = await list(t);
    expect(accounts.find((a) => a.username === TEST_ADMIN.username)).toMatchObject({
      startup_account: true,
    });
    expect(accounts.find((a) => a.username === 'boss')).not.toHaveProperty('startup_account');
  });

  it('is found as the start finds it, whatever the case of its letters', async () => {
    const setup = await signedIn(t.app);
    await setup
      .put('/api/auth/profile')
      .send({ username: 'TEST-Admin', current_password: TEST_ADMIN.password })
      .expect(200);
    expect((await list(t)).find((a) => a.username === 'TEST-Admin')).toMatchObject({
      startup_account: true,
    });
  });

  it('flags nobody on a server started without ADMIN_USERNAME', async () => {
    const bare = await createTestApp({ ADMIN_USERNAME: '', ADMIN_PASSWORD: '' });
    try {
      await createAccount(bare, 'admin', 'boss', 'boss-password-123');
      await createAccount(bare, 'admin', TEST_ADMIN.username, TEST_ADMIN.password);
      expect((await list(bare)).filter((a) => 'startup_account' in a)).toEqual([]);
    } finally {
      await bare.destroy();
    }
  });
});
