import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, type APIRequestContext, type Cookie, type Page } from '@playwright/test';
import knex from 'knex';
import { adminStatePath, E2E } from '../../support/e2e-env';
import { createAdmin } from './accounts';

/** A suffix that keeps each journey's data apart from every other journey on the shared server. */
export function unique(prefix: string): string {
  return `${prefix} ${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
}

/** Fills the sign-in form and presses Sign In. */
export async function fillLogin(page: Page, username: string, password: string): Promise<void> {
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign In' }).click();
}

/** Signs in through the form, as an admin would. */
export async function signIn(page: Page): Promise<void> {
  await page.goto('/login');
  await fillLogin(page, E2E.admin.username, E2E.admin.password);
  await expect(page).toHaveURL(/\/admin$/);
  await expect(page.getByRole('heading', { name: 'News Management' })).toBeVisible();
}

/** Who a journey is signed in as: the e2e admin's shared session, a session of its own, or another account. */
export type AdminSession = 'shared' | 'own' | { username: string; password: string };

/**
 * Gives the page the e2e admin's session: the one the `sign-in` setup project
 * made (`tests/e2e/sign-in.setup.ts`), shared by every journey that only needs
 * to be signed in, or with `own` a new one through the API (a journey that
 * signs out, which would end the shared one); or signs in as `account`
 * (a journey that switches the admin's language: `ownAdmin`).
 */
export async function giveAdminSession(page: Page, session: AdminSession = 'shared') {
  if (session === 'shared') {
    const state = JSON.parse(readFileSync(adminStatePath(), 'utf8')) as { cookies: Cookie[] };
    await page.context().addCookies(state.cookies);
    return;
  }
  const response = await page.request.post('/api/auth/login', {
    data:
      session === 'own'
        ? { username: E2E.admin.username, password: E2E.admin.password }
        : { username: session.username, password: session.password },
  });
  expect(response.ok()).toBe(true);
}

/**
 * An admin of its own (accounts.ts' `createAdmin`) for a journey that
 * switches the admin's language: the switcher saves the account's
 * language and a signed-in admin opens in it, so switching the shared
 * admin's would open every journey running beside it in that language.
 */
export const ownAdmin = (prefix: string) => createAdmin(prefix);

/** Opens the dashboard signed in as the e2e admin (`giveAdminSession`). */
export async function openDashboard(
  page: Page,
  tab: 'news' | 'contacts' = 'news',
  session: AdminSession = 'shared',
): Promise<void> {
  await giveAdminSession(page, session);
  await page.goto(tab === 'news' ? '/admin' : '/admin?tab=contacts');
  await expect(page.getByRole('heading', { name: 'Admin Dashboard' })).toBeVisible();
}

/**
 * Opens the Contacts tab at an address of its list (`{q: 'welding'}`,
 * `{reply: 'late'}`): what a user does to find an enquiry among many.
 */
export async function openContacts(
  page: Page,
  params: Record<string, string>,
  session: AdminSession = 'shared',
): Promise<void> {
  await giveAdminSession(page, session);
  await page.goto(`/admin?${new URLSearchParams({ tab: 'contacts', ...params })}`);
  await expect(page.getByRole('heading', { name: 'Admin Dashboard' })).toBeVisible();
}

export async function createContact(
  request: APIRequestContext,
  contact: { name: string; email: string; company?: string; message: string },
): Promise<number> {
  const response = await request.post('/api/contacts', { data: contact });
  expect(response.status()).toBe(201);
  return ((await response.json()) as { data: { id: number } }).data.id;
}

/** A toast with this exact text is on screen. */
export function toast(page: Page, text: string) {
  return page.locator('[data-sonner-toast]').filter({ hasText: text }).first();
}

/** Add News -> Manually: the empty create form. */
export async function openCreateForm(page: Page) {
  await page.getByRole('button', { name: 'Add News' }).click();
  await page.getByRole('menuitem', { name: 'Manually' }).click();
  const dialog = page.getByRole('dialog', { name: 'Create News Article' });
  await expect(dialog).toBeVisible();
  return dialog;
}

/** The News tab's row of the article with this exact title. */
export const newsRow = (page: Page, title: string) =>
  page
    .getByTestId('news-row')
    .filter({ has: page.getByRole('heading', { name: title, exact: true }) });

/**
 * Moves an enquiry's arrival back in time, straight in the e2e server's
 * SQLite file (`$E2E_DATA_DIR/site.db`, as the server stores it: ISO 8601
 * text), so journeys can see an enquiry that has waited 21 or 26 hours. Its
 * reply falls due 24 hours after the new arrival (the rule the server
 * follows by default).
 */
export async function backdateContact(id: number, hoursAgo: number): Promise<string> {
  const dataDir = process.env.E2E_DATA_DIR;
  if (!dataDir) throw new Error('E2E_DATA_DIR is not set (playwright.config.ts sets it)');
  const db = knex({
    client: 'sqlite3',
    connection: { filename: path.join(dataDir, 'site.db') },
    useNullAsDefault: true,
    pool: {
      min: 1,
      max: 1,
      afterCreate: (conn: SqliteConnection, done: (err: Error | null, c: unknown) => void) =>
        conn.exec('PRAGMA busy_timeout = 5000', (err) => done(err, conn)),
    },
  });
  try {
    const createdAt = new Date(Date.now() - hoursAgo * 3_600_000).toISOString();
    const dueAt = new Date(Date.parse(createdAt) + 24 * 3_600_000).toISOString();
    const changed = await db('contacts')
      .where({ id })
      .update({ created_at: createdAt, due_at: dueAt });
    expect(changed).toBe(1);
    return createdAt;
  } finally {
    await db.destroy();
  }
}

type SqliteConnection = { exec(sql: string, cb: (err: Error | null) => void): void };

/**
 * Picks the admin's language in the header's switcher (labelled `label` in
 * the language shown now) and waits until the account has saved it. The
 * switcher saves the signed-in account's language, and a signed-in admin
 * opens in it: a journey that switches signs in as an admin of its own
 * (`ownAdmin`), never the shared one.
 */
export async function chooseAdminLanguage(page: Page, label: string, language: string) {
  const saved = page.waitForResponse(
    (r) => r.url().endsWith('/api/auth/profile') && r.request().method() === 'PUT',
  );
  await page.getByLabel(label, { exact: true }).selectOption(language);
  expect((await saved).ok()).toBe(true);
}
