import { expect, test } from '@playwright/test';
import { E2E } from '../../support/e2e-env';
import { signIn, toast } from './support';

test.describe('admin sign-in', () => {
  test('sends a signed-out visitor from /admin to /login', async ({ page }) => {
    await page.goto('/admin');
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByRole('heading', { name: 'Admin Login' })).toBeVisible();
    await expect(page.getByText('Sign in to access the admin dashboard')).toBeVisible();
  });

  test('any other path of the admin app lands on the dashboard route', async ({ page }) => {
    await page.goto('/admin/anything');
    await expect(page).toHaveURL(/\/login$/);
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
    await page.getByLabel('Username').fill(E2E.admin.username);
    await page.getByLabel('Password', { exact: true }).fill('not-the-password');
    await page.getByRole('button', { name: 'Sign In' }).click();
    await expect(toast(page, 'Invalid username or password')).toBeVisible();
    await expect(page).toHaveURL(/\/login$/);
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
});

test('turns a signed-in user who is not an admin away, from /login and from /admin', async ({
  page,
  request,
}) => {
  const username = `staff-${Date.now().toString(36)}`;
  const password = 'not-an-admin-password';
  const registered = await request.post('/api/auth/register', {
    data: { username, password },
    headers: { Origin: E2E.baseUrl },
  });
  expect(registered.status(), await registered.text()).toBe(201);

  await page.goto('/login');
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(toast(page, 'Access denied. Admin privileges required.')).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);

  await page.goto('/admin');
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole('heading', { name: 'Admin Login' })).toBeVisible();
});
