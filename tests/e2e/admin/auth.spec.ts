import { expect, test, type Page } from '@playwright/test';
import { E2E } from '../../support/e2e-env';
import { fillLogin, openDashboard, signIn, toast } from './support';

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Holds the real request to `pattern` back for `ms`, then lets it through unchanged. */
async function delay(page: Page, pattern: string, ms: number) {
  await page.route(pattern, async (route) => {
    await pause(ms);
    await route.continue();
  });
}

test.describe('admin sign-in', () => {
  test('sends a signed-out visitor from /admin to /login', async ({ page }) => {
    await page.goto('/admin');
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByRole('heading', { name: 'Admin Login' })).toBeVisible();
    await expect(page.getByText('Sign in to access the admin dashboard')).toBeVisible();
  });

  test('an unknown admin address: /login when signed out, a not-found state when signed in', async ({
    page,
  }) => {
    await page.goto('/admin/anything');
    // The address asked for goes along, to be opened once signed in.
    await expect(page).toHaveURL(/\/login\?next=%2Fadmin%2Fanything$/);
    await openDashboard(page, 'news', 'own');
    await page.goto('/admin/anything');
    await expect(page).toHaveURL(/\/admin\/anything$/);
    await expect(page.getByRole('heading', { name: 'Admin Dashboard' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
    await page.getByRole('link', { name: 'Back to the dashboard' }).click();
    await expect(page).toHaveURL(/\/admin$/);
  });

  test('asks for both fields before calling the server', async ({ page }) => {
    await page.goto('/login');
    await page.getByLabel('Username').fill(E2E.admin.username);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await expect(toast(page, 'Please fill in all fields')).toBeVisible();
    await expect(page).toHaveURL(/\/login$/);
  });

  test('shows the server message for a wrong password', async ({ page }) => {
    await page.goto('/login');
    await fillLogin(page, E2E.admin.username, 'not-the-password');
    await expect(toast(page, 'Invalid username or password')).toBeVisible();
    await expect(page).toHaveURL(/\/login$/);
  });

  test('says "Signing in..." on a disabled button while the server answers', async ({ page }) => {
    await page.goto('/login');
    await delay(page, '**/api/auth/login', 1500);
    await fillLogin(page, E2E.admin.username, E2E.admin.password);
    const busy = page.getByRole('button', { name: 'Signing in...' });
    await expect(busy).toBeVisible();
    await expect(busy).toBeDisabled();
    await expect(page).toHaveURL(/\/admin$/);
    await expect(toast(page, 'Login successful')).toBeVisible();
  });

  test('falls back to "Login failed. Please try again." when the server cannot be reached', async ({
    page,
  }) => {
    await page.goto('/login');
    await page.route('**/api/auth/login', (route) => route.abort('connectionrefused'));
    await fillLogin(page, E2E.admin.username, E2E.admin.password);
    await expect(toast(page, 'Login failed. Please try again.')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Sign In' })).toBeEnabled();
    await expect(page).toHaveURL(/\/login$/);
  });

  test('signing in clears the error toasts of earlier attempts', async ({ page }) => {
    await page.goto('/login');
    await fillLogin(page, E2E.admin.username, 'not-the-password');
    const failed = toast(page, 'Invalid username or password');
    await expect(failed).toBeVisible();
    await page.getByLabel('Password', { exact: true }).fill(E2E.admin.password);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await expect(page).toHaveURL(/\/admin$/);
    await expect(toast(page, 'Login successful')).toBeVisible();
    // Gone at once, not after its own 5 seconds: it would cover the header's controls.
    await expect(failed).toBeHidden({ timeout: 1500 });
    await expect(page.locator('[data-sonner-toast][data-type="error"]')).toHaveCount(0);
  });

  for (const screen of [
    { width: 1440, height: 900 },
    { width: 390, height: 844 },
  ]) {
    test(`the welcome toast leaves the header's controls free at ${screen.width} px`, async ({
      page,
    }) => {
      await page.setViewportSize(screen);
      await signIn(page);
      const welcome = toast(page, 'Login successful');
      await expect(welcome).toBeVisible();
      const covered = (await welcome.boundingBox())!;
      for (const control of [
        page.getByRole('button', { name: 'Logout' }),
        page.getByRole('combobox', { name: 'Language', exact: true }),
      ]) {
        const box = (await control.boundingBox())!;
        const apart =
          box.x + box.width <= covered.x ||
          covered.x + covered.width <= box.x ||
          box.y + box.height <= covered.y ||
          covered.y + covered.height <= box.y;
        expect(apart, `${JSON.stringify(box)} under ${JSON.stringify(covered)}`).toBe(true);
      }
    });
  }

  test("a link's language holds for the server's answers in a browser that never chose one", async ({
    page,
  }) => {
    // A fresh browser opened from a German e-mail: the page and the server's refusal in German.
    await page.goto(`/login/invitation?lang=de#${'x'.repeat(43)}`);
    await expect(page.getByRole('alert')).toHaveText(
      'Dieser Einladungslink ist nicht mehr gültig: Er wurde bereits verwendet, zurückgezogen oder ist abgelaufen. Bitten Sie eine Administratorin oder einen Administrator um eine neue Einladung.',
    );
  });

  test('a link that could not be checked offers another try, not a dead end', async ({ page }) => {
    for (const [address, check, spent] of [
      [
        '/login/invitation',
        '**/api/auth/invitation/check',
        'This invitation link is not valid any more: it has been used, withdrawn or has expired. Ask the administrator for a new one.',
      ],
      [
        '/login/reset',
        '**/api/auth/password-reset/check',
        'This password reset link is not valid any more: it has been used or has expired. Ask for a new one.',
      ],
    ] as const) {
      await page.route(check, (route) => route.abort('connectionrefused'));
      await page.goto(`${address}#${'x'.repeat(43)}`);
      await expect(page.getByRole('alert')).not.toHaveText(spent);
      const again = page.getByRole('button', { name: 'Try again' });
      await expect(again).toBeVisible();
      // The network is back: the same link is checked again and now gets its verdict.
      await page.unroute(check);
      await again.click();
      await expect(page.getByRole('alert')).toHaveText(spent);
      await expect(again).toHaveCount(0);
    }
  });

  test('the password can be shown and hidden', async ({ page }) => {
    await page.goto('/login');
    const password = page.getByLabel('Password', { exact: true });
    await password.fill('secret-value');
    await expect(password).toHaveAttribute('type', 'password');
    await page.getByRole('button', { name: 'Show password' }).click();
    await expect(password).toHaveAttribute('type', 'text');
    await page.getByRole('button', { name: 'Hide password' }).click();
    await expect(password).toHaveAttribute('type', 'password');
  });

  test('signs in, is welcomed, skips /login while signed in, and logs out', async ({ page }) => {
    await signIn(page);
    await expect(toast(page, 'Login successful')).toBeVisible();
    await expect(page.getByText(`Welcome back, ${E2E.admin.username}`)).toBeVisible();
    await expect(page.getByRole('tab', { name: /^News \(\d+\)$/ })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    await expect(page.getByRole('tab', { name: /^Contacts \(\d+\)$/ })).toBeVisible();

    await page.goto('/login');
    await expect(page).toHaveURL(/\/admin$/);

    await page.getByRole('button', { name: 'Logout' }).click();
    await expect(page).toHaveURL(/\/login$/);
    await page.goto('/admin');
    await expect(page).toHaveURL(/\/login$/);
  });

  test('shows "Loading admin panel..." until the session is known', async ({ page }) => {
    await openDashboard(page, 'news', 'own');
    await delay(page, '**/api/auth/profile', 1500);
    await page.reload();
    await expect(page.getByRole('status')).toHaveText('Loading admin panel...');
    await expect(page.getByRole('heading', { name: 'Admin Dashboard' })).toBeVisible();
    await expect(page.getByText('Loading admin panel...')).toBeHidden();
  });

  test('logout still lands on /login when the logout call fails', async ({ page }) => {
    await openDashboard(page, 'news', 'own');
    let attempted = false;
    await page.route('**/api/auth/logout', (route) => {
      attempted = true;
      return route.abort('connectionrefused');
    });
    await page.getByRole('button', { name: 'Logout' }).click();
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByRole('heading', { name: 'Admin Login' })).toBeVisible();
    expect(attempted).toBe(true);
    // It stays there, though the server never heard of the logout.
    await pause(1000);
    await expect(page).toHaveURL(/\/login$/);
  });
});

test('turns a signed-in user who is not an admin away, from /login and from /admin', async ({
  page,
}) => {
  const username = `staff-${Date.now().toString(36)}`;
  const password = 'not-an-admin-password';
  const registered = await page.request.post('/api/auth/register', {
    data: { username, password },
    headers: { Origin: E2E.baseUrl },
  });
  expect(registered.status(), await registered.text()).toBe(201);

  // Through the form: refused, and signed out again.
  await page.goto('/login');
  await fillLogin(page, username, password);
  await expect(toast(page, 'Access denied. Admin privileges required.')).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);
  expect((await page.request.get('/api/auth/profile')).status()).toBe(401);

  // A real non-admin session (the browser's cookies) opening /admin is sent to /login.
  const login = await page.request.post('/api/auth/login', { data: { username, password } });
  expect(login.status()).toBe(200);
  const profile = await page.request.get('/api/auth/profile');
  expect(await profile.json()).toEqual({
    data: {
      user: { username, name: null, language: null, is_admin: false, role: 'user' },
      two_factor_enabled: false,
      two_factor_setup_required: false,
      email: null,
      pending_email: null,
    },
  });

  await page.goto('/admin');
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole('heading', { name: 'Admin Login' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Admin Dashboard' })).toHaveCount(0);
  // Still signed in as that user: it was the guard, not a missing session, that said no.
  expect((await page.request.get('/api/auth/profile')).status()).toBe(200);
});
