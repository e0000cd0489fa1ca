import { expect, test, type Page } from '@playwright/test';
import { gotoHydrated } from './site-support';

const toast = (page: Page, text: string) =>
  page.locator('[data-sonner-toast]').filter({ hasText: text }).first();

test('the news list shows a spinner, then a red error, a retry button and an error toast', async ({
  page,
}) => {
  await gotoHydrated(page, '/');
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/api/news?*', async (route) => {
    await held;
    await route.fulfill({ status: 503, json: { error: 'News service unavailable' } });
  });
  await page
    .getByRole('navigation', { name: 'Main navigation' })
    .getByRole('link', { name: 'News' })
    .click();
  await expect(page.getByRole('status').filter({ hasText: 'Loading news...' })).toBeVisible();
  release();

  const message = page.getByText('News service unavailable', { exact: true }).first();
  await expect(message).toBeVisible();
  await expect(page.locator('main p.text-red-700')).toHaveText('News service unavailable');
  await expect(toast(page, 'News service unavailable')).toContainText('Error');

  // Switching language translates the page but raises no second toast (its title would be German).
  await page.getByRole('button', { name: /Change language/ }).click();
  await page.getByRole('menuitemradio', { name: 'Deutsch' }).click();
  await expect(page.getByRole('button', { name: 'Erneut versuchen' })).toBeVisible();
  await expect(toast(page, 'Fehler')).toHaveCount(0);

  // The retry reloads the page, which the server renders: it recovers while
  // the API still fails. (Unrouted first, a late revalidation of the
  // language switch could succeed before the click and take the button away.)
  await page.getByRole('button', { name: 'Erneut versuchen' }).click();
  await expect(page.getByRole('navigation', { name: 'Seiten der Neuigkeiten' })).toBeVisible();
});

test('a failed article load shows the not-found state and an error toast', async ({ page }) => {
  await gotoHydrated(page, '/news');
  await page.route('**/api/news/*', (route) => route.abort('failed'));
  await page.locator('main ul a').first().click();
  await expect(page.getByRole('heading', { name: 'Article Not Found' })).toBeVisible();
  await expect(
    toast(
      page,
      'Network error: Unable to connect to the server. Please check if the backend is running.',
    ),
  ).toContainText('Error');
});
