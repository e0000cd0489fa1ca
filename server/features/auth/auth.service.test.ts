import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccount } from '../../../tests/support/test-app';
import { STORES, type TestStore } from '../../../tests/support/stores';
import { createAuthService } from './auth.service';
import { verifyPassword } from './password';
import { createTokensRepo, newToken } from './tokens.repo';

/**
 * A new password spends the reset links the account was sent before, by
 * whichever way it is set (decision 030, amended): a link e-mailed earlier
 * would otherwise set the password again. Spent links still count toward
 * the account's hourly budget of reset e-mails. On SQLite and PostgreSQL.
 */
describe.each(STORES)('a new password and the reset links sent before, on $name', (store) => {
  let test: TestStore;
  beforeAll(async () => {
    if (!store.skip) test = await store.open();
  });
  afterAll(async () => {
    await test?.destroy();
  });

  const HOUR_MS = 3_600_000;

  /** An account with a confirmed address and two reset links sent to it: its id and tokens. */
  async function withResetLinks(username: string) {
    const account = await createAccount(test, 'editor', username);
    await test
      .db('users')
      .where({ username })
      .update({ email: `${username}@example.com` });
    const { id } = (await test.db('users').where({ username }).first('id')) as { id: number };
    const tokens = createTokensRepo(test.db);
    const sent: string[] = [];
    for (let i = 0; i < 2; i++) {
      const { token, hash } = newToken();
      const now = Date.now();
      await tokens.insert({
        kind: 'password_reset',
        token_hash: hash,
        user_id: Number(id),
        email: `${username}@example.com`,
        language: 'en',
        created_at: new Date(now).toISOString(),
        expires_at: new Date(now + HOUR_MS).toISOString(),
      });
      sent.push(token);
    }
    return { ...account, id: Number(id), sent };
  }

  /** Which of the links still work, and how many the hour's budget counts. */
  async function linksOf(id: number, sent: string[]) {
    const tokens = createTokensRepo(test.db);
    const working = [];
    for (const token of sent)
      working.push((await tokens.byToken('password_reset', token)) !== null);
    const hourAgo = new Date(Date.now() - HOUR_MS).toISOString();
    return { working, counted: await tokens.countSince('password_reset', id, hourAgo) };
  }

  it.skipIf(store.skip)('the command line’s reset spends them, and they still count', async () => {
    const account = await withResetLinks('cli-reset');
    const auth = createAuthService({ db: test.db, allowRegistration: false });
    expect(await linksOf(account.id, account.sent)).toEqual({ working: [true, true], counted: 2 });

    expect(await auth.resetPassword('cli-reset', 'set-by-the-operator-1')).toBe(account.id);

    expect(await linksOf(account.id, account.sent)).toEqual({
      working: [false, false],
      counted: 2,
    });
    const user = await test.db('users').where({ id: account.id }).first('password_hash');
    expect(await verifyPassword('set-by-the-operator-1', user.password_hash)).toBe(true);
  });

  it.skipIf(store.skip)(
    'a password changed on the profile spends them, and they still count',
    async () => {
      const account = await withResetLinks('profile-reset');
      const auth = createAuthService({ db: test.db, allowRegistration: false });
      // A new name alone leaves them working.
      await auth.updateProfile(account.id, {
        current_password: account.password,
        username: 'profile-renamed',
      });
      expect(await linksOf(account.id, account.sent)).toEqual({
        working: [true, true],
        counted: 2,
      });

      const changed = await auth.updateProfile(account.id, {
        current_password: account.password,
        username: 'profile-renamed-again',
        password: 'a-password-of-my-own',
      });
      expect(changed).toMatchObject({
        passwordChanged: true,
        user: { username: 'profile-renamed-again' },
      });
      expect(await linksOf(account.id, account.sent)).toEqual({
        working: [false, false],
        counted: 2,
      });
    },
  );
});
