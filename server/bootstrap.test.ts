import { afterEach, describe, expect, it } from 'vitest';
import {
  createAccount,
  createTestApp,
  signedIn,
  TEST_ADMIN,
  type TestApp,
} from '../tests/support/test-app';

/** What prepareContent records and logs about the ADMIN_USERNAME account (test-app.ts sets it). */
const WARNING =
  'ADMIN_USERNAME re-created test-admin; remove ADMIN_USERNAME and ADMIN_PASSWORD ' +
  'from the environment once real accounts exist';

let apps: TestApp[] = [];
afterEach(async () => {
  for (const app of apps.reverse()) await app.destroy().catch(() => undefined);
  apps = [];
});

/** A start on `dataDir` (a new one when not given), logging from `info` up. */
async function start(dataDir?: string): Promise<TestApp> {
  const app = await createTestApp({ LOG_LEVEL: 'info' }, dataDir);
  apps.push(app);
  return app;
}

const creations = (t: TestApp) =>
  t.db('audit_log').where({ action: 'user.created' }).orderBy('id').select('actor', 'summary');

const warnings = async (t: TestApp) =>
  (await t.logLines()).filter((line) => line.level === 40).map((line) => line.msg);

/** The team's admin signs in, and the ADMIN_USERNAME account is deleted from the Users page. */
async function handOver(t: TestApp) {
  await createAccount(t, 'admin', 'boss', 'boss-password-123');
  const boss = await signedIn(t.app, { username: 'boss', password: 'boss-password-123' });
  const list = (await boss.get('/api/users').expect(200)).body.data as {
    id: number;
    username: string;
  }[];
  const setup = list.find((u) => u.username === TEST_ADMIN.username)!;
  await boss.delete(`/api/users/${setup.id}`).expect(200);
}

describe('the ADMIN_USERNAME account at start', () => {
  it('is recorded in the audit log under the start-up, without a warning, on a first start', async () => {
    const first = await start();
    expect(await creations(first)).toEqual([
      { actor: null, summary: `${TEST_ADMIN.username} (ADMIN_USERNAME at start)` },
    ]);
    expect(await warnings(first)).toEqual([]);
    expect((await first.logLines()).map((line) => line.msg)).toContain(
      'admin account created from ADMIN_USERNAME',
    );
  });

  it('deleted by the team, is created again at the next start, recorded and warned about', async () => {
    const first = await start();
    await handOver(first);
    await first.close();

    const again = await start(first.dataDir);
    // The contract: created again while no user of that name exists.
    const back = await again.db('users').where({ username: TEST_ADMIN.username }).first();
    expect(back).toMatchObject({ role: 'admin' });
    expect(await creations(again)).toEqual([
      { actor: null, summary: `${TEST_ADMIN.username} (ADMIN_USERNAME at start)` },
      { actor: null, summary: `${TEST_ADMIN.username} (ADMIN_USERNAME at start)` },
    ]);
    const entry = await again
      .db('audit_log')
      .where({ action: 'user.created' })
      .orderBy('id', 'desc')
      .first();
    expect(entry).toMatchObject({ target_type: 'user', target_id: String(back.id), ip: null });
    expect(await warnings(again)).toEqual([WARNING]);
  });

  it('renamed by itself, is created again under its old name, recorded and warned about', async () => {
    const first = await start();
    await createAccount(first, 'admin', 'boss', 'boss-password-123');
    const setup = await signedIn(first.app);
    await setup
      .put('/api/auth/profile')
      .send({ username: 'owner', current_password: TEST_ADMIN.password })
      .expect(200);
    await first.close();

    const again = await start(first.dataDir);
    expect(await again.db('users').where({ username: TEST_ADMIN.username }).first()).toBeDefined();
    expect(await creations(again)).toHaveLength(2);
    expect(await warnings(again)).toEqual([WARNING]);
  });

  it('still there, records and warns nothing at the next start', async () => {
    const first = await start();
    await createAccount(first, 'admin', 'boss', 'boss-password-123');
    await first.close();

    const again = await start(first.dataDir);
    expect(await creations(again)).toHaveLength(1);
    expect(await warnings(again)).toEqual([]);
  });
});
