import { expect, test } from '@playwright/test';
import { E2E } from '../../support/e2e-env';
import { toast } from './support';

test('toasts stack, and each fades after about 4-5 seconds', async ({ page }) => {
  await page.goto('/login');
  // The wrong password first: a real password check takes its time, and the
  // second toast must be raised while the first is still up.
  await page.getByLabel('Username').fill(E2E.admin.username);
  await page.getByLabel('Password', { exact: true }).fill('not-the-password');
  await page.getByRole('button', { name: 'Sign In' }).click();
  const first = toast(page, 'Invalid username or password');
  await expect(first).toBeVisible();
  const firstSeen = Date.now();

  await page.getByLabel('Password', { exact: true }).fill('');
  const clicked = Date.now();
  await page.getByRole('button', { name: 'Sign In' }).click();
  const second = toast(page, 'Please fill in all fields');

  // Two at once, both destructive.
  await expect(second).toBeVisible();
  await expect(first).toBeVisible();
  await expect(page.locator('[data-sonner-toast][data-type="error"]')).toHaveCount(2);

  await expect(first).toBeHidden({ timeout: 10_000 });
  expect(Date.now() - firstSeen).toBeGreaterThan(3_500);
  await expect(second).toBeHidden({ timeout: 10_000 });
  expect(Date.now() - clicked).toBeGreaterThan(3_500);
  expect(Date.now() - clicked).toBeLessThan(9_000);
  await expect(page.locator('[data-sonner-toast]')).toHaveCount(0);
});
