import { expect, test } from '@playwright/test';
import { adminApi, createArticle, uniqueSlug } from './site-support';

test.beforeAll(async () => {
  const api = await adminApi();
  for (let i = 0; i < 13; i++) await createArticle(api, { slug: uniqueSlug(`page-${i}`) });
  await api.dispose();
});

test('pages through the news list with the page in the address', async ({ page }) => {
  await page.goto('/news');
  const pager = page.getByRole('navigation', { name: 'News pages' });
  await expect(pager).toBeVisible();
  await expect(pager.getByText('Previous')).toHaveAttribute('aria-disabled', 'true');
  await expect(pager.getByRole('link', { name: 'Page 1' })).toHaveAttribute('aria-current', 'page');
  await expect(
    page
      .getByRole('main')
      .getByRole('listitem')
      .filter({ has: page.locator('img') }),
  ).toHaveCount(6);

  await pager.getByRole('link', { name: 'Page 2' }).click();
  await expect(page).toHaveURL(/\/news\?page=2$/);
  await expect(pager.getByRole('link', { name: 'Page 2' })).toHaveAttribute('aria-current', 'page');
  await expect(pager.getByRole('link', { name: 'Previous' })).toBeVisible();

  await pager.getByRole('link', { name: 'Next' }).click();
  await expect(page).toHaveURL(/\/news\?page=3$/);

  const last = Number(
    await pager
      .getByRole('link', { name: /^Page \d+$/ })
      .last()
      .textContent(),
  );
  await page.goto(`/news?page=${last}`);
  await expect(pager.getByText('Next')).toHaveAttribute('aria-disabled', 'true');
  await pager.getByRole('link', { name: 'Previous' }).click();
  await expect(page).toHaveURL(new RegExp(`page=${last - 1}$`));
});

test('a page change scrolls smoothly back to the top', async ({ page }) => {
  await page.goto('/news');
  await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
  await page
    .getByRole('navigation', { name: 'News pages' })
    .getByRole('link', { name: 'Page 2' })
    .click();
  await expect(page).toHaveURL(/page=2/);
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBeLessThan(5);
});
