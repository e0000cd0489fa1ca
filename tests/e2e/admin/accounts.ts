import { expect, request as playwrightRequest, type Page } from '@playwright/test';
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { generate } from 'otplib';
import { E2E } from '../../support/e2e-env';

const ADMIN_CLI = path.resolve('dist/server/cli/admin.js');

/**
 * A fresh admin of its own, created with `npm run admin -- create` on the
 * journeys' database, so turning two-factor sign-in on never touches the
 * admin every other journey signs in with.
 */
export function createAdmin(prefix: string): { username: string; password: string } {
  const username = `${prefix}-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  const password = `${prefix}-password-123`;
  const result = spawnSync(process.execPath, [ADMIN_CLI, 'create', username], {
    env: { PATH: process.env.PATH, HOME: process.env.HOME, DATA_DIR: process.env.E2E_DATA_DIR },
    input: `${password}\n`,
    encoding: 'utf8',
    timeout: 30_000,
  });
  expect(result.stderr.trim()).toBe('');
  expect(result.status).toBe(0);
  return { username, password };
}

/** A fresh account of a staff role: an admin made by the CLI, then given the role by it. */
export function createStaff(prefix: string, role: 'editor' | 'sales') {
  const account = createAdmin(prefix);
  const result = spawnSync(process.execPath, [ADMIN_CLI, 'role', account.username, role], {
    env: { PATH: process.env.PATH, HOME: process.env.HOME, DATA_DIR: process.env.E2E_DATA_DIR },
    encoding: 'utf8',
    timeout: 30_000,
  });
  expect(result.stderr.trim()).toBe('');
  expect(result.status).toBe(0);
  return account;
}

/**
 * The authenticator's code `steps` periods of 30 s from now. The server
 * accepts one step of drift and never the same step twice, so a journey
 * that has just used the current code signs in with the next one.
 */
export function totp(secret: string, steps = 0): Promise<string> {
  return generate({ secret, epoch: Math.floor(Date.now() / 1000) + steps * 30 });
}

/**
 * Turns two-factor sign-in on for `account` over the API, as a client of its
 * own (the page's cookies are left alone); answers the key and the recovery codes.
 */
export async function enableTwoFactor(account: { username: string; password: string }) {
  const api = await playwrightRequest.newContext({ baseURL: E2E.baseUrl });
  try {
    expect((await api.post('/api/auth/login', { data: account })).ok()).toBe(true);
    const setup = await api.post('/api/auth/2fa/setup', { data: { password: account.password } });
    expect(setup.ok()).toBe(true);
    const { secret } = ((await setup.json()) as { data: { secret: string } }).data;
    const enabled = await api.post('/api/auth/2fa/enable', { data: { code: await totp(secret) } });
    expect(enabled.ok()).toBe(true);
    const codes = ((await enabled.json()) as { data: { recovery_codes: string[] } }).data
      .recovery_codes;
    return { secret, codes };
  } finally {
    await api.dispose();
  }
}

/** The password step of the sign-in form. */
export async function enterPassword(page: Page, account: { username: string; password: string }) {
  await page.goto('/login');
  await page.getByLabel('Username').fill(account.username);
  await page.getByLabel('Password', { exact: true }).fill(account.password);
  await page.getByRole('button', { name: 'Sign In' }).click();
}
