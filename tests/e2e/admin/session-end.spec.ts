import { expect, request as playwrightRequest, test, type Page } from '@playwright/test';
import { slugify } from '../../../shared/slug';
import { E2E } from '../../support/e2e-env';
import { createAdmin } from './accounts';
import { newsRow, toast, unique } from './support';

/**
 * A session the server ends while the dashboard is open (its lifetime, a
 * sign-out from another device, an administrator): with unsaved work on
 * the page, the page stays and the admin signs in again in place, then
 * saves as before; with nothing unsaved, the dashboard goes to the login
 * page, as it always did. Each journey has an admin of its own: ending its
 * other sessions must not end the one the other journeys share.
 */

type Account = { username: string; password: string };

/** Signs the page in as `account` (its cookies), over the API. */
async function signPageIn(page: Page, account: Account) {
  expect((await page.request.post('/api/auth/login', { data: account })).ok()).toBe(true);
}

/** Another device signs in as `account` and signs out everywhere else: the page's session ends. */
async function endSessionElsewhere(account: Account) {
  const device = await playwrightRequest.newContext({ baseURL: E2E.baseUrl });
  try {
    expect((await device.post('/api/auth/login', { data: account })).ok()).toBe(true);
    const ended = await device.delete('/api/auth/sessions/others');
    expect(ended.ok(), await ended.text()).toBe(true);
    expect(((await ended.json()) as { data: { ended: number } }).data.ended).toBeGreaterThan(0);
  } finally {
    await device.dispose();
  }
}

test('an article being edited when the session ends is saved after signing in again in place', async ({
  page,
}) => {
  const account = createAdmin('ended');
  await signPageIn(page, account);
  const title = unique('Session end');
  const created = await page.request.post('/api/news', {
    headers: { Origin: E2E.baseUrl },
    data: {
      title,
      excerpt: 'Written before the session ended.',
      content: 'The first version.',
      category: 'Journeys',
      slug: slugify(title),
      published: false,
    },
  });
  expect(created.status(), await created.text()).toBe(201);

  await page.goto('/admin');
  await newsRow(page, title).getByRole('button', { name: /^Edit/ }).click();
  const editor = page.getByRole('dialog', { name: 'Edit News Article' });
  const edited = `${title} (rewritten)`;
  await editor.getByLabel(/^Title/).fill(edited);
  await editor.getByLabel(/^Content/).fill('The version written while the session ended.');

  await endSessionElsewhere(account);
  await editor.getByRole('button', { name: 'Save Changes' }).click();

  // The page stays, the text with it, and the sign-in comes to it.
  const ended = page.getByRole('dialog', { name: 'Your session has ended' });
  await expect(ended).toBeVisible();
  await expect(page).toHaveURL(/\/admin$/);
  await expect(editor.getByLabel(/^Title/)).toHaveValue(edited);
  await expect(ended.getByLabel('Username')).toHaveValue(account.username);
  await expect(ended.getByLabel('Password', { exact: true })).toBeFocused();

  await ended.getByLabel('Password', { exact: true }).fill(account.password);
  await ended.getByRole('button', { name: 'Sign In', exact: true }).click();
  await expect(ended).toBeHidden();
  await expect(toast(page, 'Signed in again. You can save your changes now.')).toBeVisible();

  await editor.getByRole('button', { name: 'Save Changes' }).click();
  await expect(toast(page, 'News article updated successfully')).toBeVisible();
  await expect(editor).toBeHidden();
  await expect(newsRow(page, edited)).toBeVisible();

  // Stored: the server has the text written while the session was over.
  const { id } = ((await created.json()) as { data: { id: number } }).data;
  const list = (await (await page.request.get('/api/news/admin')).json()) as {
    data: { id: number; title: string; content: string }[];
  };
  expect(list.data.find((article) => article.id === id)).toMatchObject({
    title: edited,
    content: 'The version written while the session ended.',
  });
});

test('with nothing unsaved, an ended session goes to the login page and says why', async ({
  page,
}) => {
  const account = createAdmin('ended-idle');
  await signPageIn(page, account);
  await page.goto('/admin');
  await expect(page.getByRole('heading', { name: 'Admin Dashboard' })).toBeVisible();

  await endSessionElsewhere(account);
  // The next call is refused (here the next page's): the dashboard goes, as it always did.
  await page
    .getByRole('navigation', { name: 'Admin pages' })
    .getByRole('link', { name: 'Account', exact: true })
    .click();
  await expect(page).toHaveURL(/\/login\?next=%2Fadmin%2Faccount$/);
  await expect(page.getByText('Your session has ended. Please sign in again.')).toBeVisible();
  await expect(page.getByRole('dialog')).toHaveCount(0);
});
