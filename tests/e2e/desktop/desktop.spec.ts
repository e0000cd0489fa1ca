import { createServer } from 'node:net';
import { expect, test, type Page } from '@playwright/test';
import { E2E } from '../../support/e2e-env';
import { createStaff } from '../admin/accounts';
import { ensureDesktopBuild, startDesktopShell, type DesktopShell } from './desktop-shell';

/**
 * The desktop renderer in Chromium, served the way the app serves it: the
 * built files plus `/api` forwarded by the app's own handler to the real
 * e2e server. The setup page's bridge is played by Playwright functions that
 * call the same connection module the preload reaches over IPC.
 */

test.describe.configure({ mode: 'serial' });
test.beforeAll(() => ensureDesktopBuild());

/**
 * What the preload exposes on the setup page, wired to the actions main
 * registers: after a good connect or retry the "main process" (Playwright
 * here, `loadURL` in the app) opens the dashboard; the page never navigates.
 */
async function installSetupBridge(page: Page, shell: DesktopShell) {
  const setup = shell.setupActions((url) => void page.goto(url).catch(() => undefined));
  await page.exposeFunction('__desktopGetServerUrl', () => shell.connection.current());
  await page.exposeFunction('__desktopConnect', (url: string) => setup.connect(url));
  await page.exposeFunction('__desktopRetry', () => setup.retry());
  await page.addInitScript(() => {
    if (window.location.pathname !== '/setup') return;
    const w = window as unknown as Record<string, (...args: unknown[]) => Promise<never>>;
    window.desktopSetup = {
      getServerUrl: () => w.__desktopGetServerUrl!(),
      connect: (url) => w.__desktopConnect!(url),
      retry: () => w.__desktopRetry!(),
    };
  });
}

/** Document loads of the main frame from now on (client-side route changes are not loads). */
function documentLoads(page: Page): string[] {
  const loads: string[] = [];
  page.on('request', (request) => {
    if (request.isNavigationRequest() && request.frame() === page.mainFrame())
      loads.push(new URL(request.url()).pathname);
  });
  return loads;
}

async function freePortUrl(): Promise<string> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as { port: number };
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  return `http://127.0.0.1:${port}`;
}

test('first start: connect to the server, sign in, publish an article, sign out', async ({
  page,
  context,
  request,
}) => {
  const shell = await startDesktopShell(null);
  try {
    await installSetupBridge(page, shell);
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    page.on('console', (msg) => {
      if (msg.type() === 'error' && /Content Security Policy/i.test(msg.text()))
        errors.push(msg.text());
    });

    await page.goto(`${shell.url}/setup`);
    await expect(page.getByRole('heading', { name: 'Connect to your server' })).toBeVisible();
    const address = page.getByLabel('Server address');
    await address.fill('http://example.com');
    await page.getByRole('button', { name: 'Connect' }).click();
    await expect(page.getByRole('alert')).toHaveText(/must start with https:\/\//);

    const loads = documentLoads(page);
    await address.fill(E2E.baseUrl);
    await page.getByRole('button', { name: 'Connect' }).click();
    await expect(page).toHaveURL(/\/(admin|login)$/);
    await expect(page.getByRole('button', { name: 'Sign In' })).toBeVisible();
    // The first server needs no confirmation: there was none to leave.
    expect(shell.questions).toEqual([]);
    expect(shell.connection.current()).toBe(E2E.baseUrl);
    // One navigation, by main: the setup page does not load the dashboard a second time.
    expect(loads).toEqual(['/admin']);

    await page.goto(`${shell.url}/login`);
    await page.getByLabel('Username').fill(E2E.admin.username);
    await page.getByLabel('Password', { exact: true }).fill(E2E.admin.password);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await expect(page).toHaveURL(`${shell.url}/admin`);
    await expect(page.getByRole('heading', { name: 'News Management' })).toBeVisible();

    // The session cookie lives in the shell's jar (the app session), never in the page.
    expect((await context.cookies()).map((c) => c.name)).not.toContain('sid');
    expect(shell.sessionCookies(E2E.baseUrl).has('sid')).toBe(true);

    const title = `Desktop release ${Date.now()}`;
    await page.getByRole('button', { name: 'Add News' }).click();
    await page.getByRole('menuitem', { name: 'Manually' }).click();
    const form = page.getByRole('dialog', { name: 'Create News Article' });
    await form.getByLabel(/^Title/).fill(title);
    await form.getByLabel(/^Excerpt/).fill('The admin dashboard now ships as a desktop app.');
    await form
      .getByLabel(/^Content/)
      .fill('Staff can manage news and enquiries from **Windows, macOS and Linux**.');
    await form.getByLabel(/^Category/).fill('Technology');
    const slug = await form.getByLabel(/^Slug/).inputValue();
    expect(slug).toMatch(/^desktop-release-\d+$/);
    await form.getByLabel('Publish immediately').check();
    await form.getByRole('button', { name: 'Create Article' }).click();
    await expect(page.getByText('News article created successfully')).toBeVisible();
    const row = page.getByRole('listitem').filter({ hasText: title });
    await expect(row.getByText('Published', { exact: true })).toBeVisible();

    // Published for real on the server: the public API and page show it.
    const published = await request.get(`${E2E.baseUrl}/api/news/${slug}`);
    expect(published.status()).toBe(200);
    expect((await published.json()).data.news.title).toBe(title);

    await page.getByRole('button', { name: 'Logout' }).click();
    await expect(page).toHaveURL(`${shell.url}/login`);
    expect(shell.sessionCookies(E2E.baseUrl).has('sid')).toBe(false);
    expect(errors).toEqual([]);
  } finally {
    await shell.stop();
  }
});

test('server down: a clear error in the dashboard and the offline page, never a blank window', async ({
  page,
}) => {
  const dead = await freePortUrl();
  const shell = await startDesktopShell(dead);
  try {
    await installSetupBridge(page, shell);
    await page.goto(`${shell.url}/login`);
    await page.getByLabel('Username').fill(E2E.admin.username);
    await page.getByLabel('Password', { exact: true }).fill(E2E.admin.password);
    await page.getByRole('button', { name: 'Sign In' }).click();
    // The forwarder's 502 {error} reaches the user as a toast (and beside the form).
    const unreachable = /Cannot reach the server 127\.0\.0\.1:\d+/;
    const toasts = page.getByRole('region', { name: /Notifications/ });
    await expect(toasts.getByText(unreachable)).toBeVisible();
    await expect(page.getByRole('button', { name: 'Sign In' })).toBeEnabled();

    await page.goto(`${shell.url}/setup?offline=1`);
    await expect(page.getByRole('heading', { name: 'Server unreachable' })).toBeVisible();
    await page.getByRole('button', { name: 'Try again' }).click();
    await expect(page.getByRole('alert')).toHaveText(/could not be reached/);
    await page.getByRole('button', { name: 'Change server' }).click();
    await page.getByLabel('Server address').fill(E2E.baseUrl);
    await page.getByRole('button', { name: 'Connect' }).click();
    await expect(page).toHaveURL(/\/(admin|login)$/);
    await expect(page.getByRole('button', { name: 'Sign In' })).toBeVisible();
    // Leaving the stored server for another was confirmed by the user first.
    expect(shell.questions).toEqual([[dead, E2E.baseUrl]]);
  } finally {
    await shell.stop();
  }
});

test('a sales colleague: the enquiries first with their badge; a role change or deactivation counts at the next request', async ({
  page,
  playwright,
}) => {
  const colleague = createStaff('desk-sales', 'sales');
  const admin = await playwright.request.newContext({ baseURL: E2E.baseUrl });
  expect((await admin.post('/api/auth/login', { data: E2E.admin })).ok()).toBe(true);
  const users = (await (await admin.get('/api/users')).json()) as {
    data: { id: number; username: string }[];
  };
  const id = users.data.find((u) => u.username === colleague.username)!.id;
  const shell = await startDesktopShell(E2E.baseUrl);
  try {
    await page.goto(`${shell.url}/login`);
    await page.getByLabel('Username').fill(colleague.username);
    await page.getByLabel('Password', { exact: true }).fill(colleague.password);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await expect(page).toHaveURL(`${shell.url}/admin`);
    await expect(page.getByRole('tab', { name: /^Contacts/ })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    await expect(page.getByRole('heading', { name: 'Contact Submissions' })).toBeVisible();
    await expect(
      page.getByRole('navigation', { name: 'Admin pages' }).getByRole('link'),
    ).toHaveText(['Dashboard', 'Account']);

    // The badge main shows: the enquiries awaiting a reply, one more for a new enquiry.
    const before = await shell.stats();
    if (before.status !== 'ok') throw new Error(`the badge could not be read: ${before.status}`);
    const created = await admin.post('/api/contacts', {
      data: {
        name: 'Desk Visitor',
        email: 'desk@example.com',
        message: 'A new enquiry for sales.',
      },
    });
    expect(created.status()).toBe(201);
    expect(await shell.stats()).toMatchObject({ status: 'ok', waiting: before.waiting + 1 });

    // Made an editor: the next request has no enquiries, and no badge.
    expect((await admin.put(`/api/users/${id}`, { data: { role: 'editor' } })).ok()).toBe(true);
    expect(await shell.stats()).toEqual({ status: 'signed-out' });
    await page.getByRole('link', { name: 'Account' }).click();
    await page.getByRole('link', { name: 'Dashboard' }).click();
    await expect(page.getByRole('tab', { name: /^News/ })).toBeVisible();
    await expect(page.getByRole('tab', { name: /^Contacts/ })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Add News' })).toBeVisible();

    // Deactivated: thrown out at the next click.
    expect((await admin.put(`/api/users/${id}`, { data: { active: false } })).ok()).toBe(true);
    await page.getByRole('link', { name: 'Site texts' }).click();
    // The sign-in page keeps the page asked for, to go on there once signed in again.
    await expect(page).toHaveURL(`${shell.url}/login?next=%2Fadmin%2Ftexts`);
    await expect(page.getByText('Your session has ended. Please sign in again.')).toBeVisible();
    expect(await shell.stats()).toEqual({ status: 'signed-out' });
  } finally {
    await shell.stop();
    await admin.dispose();
  }
});
