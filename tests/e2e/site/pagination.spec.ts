import { expect, test } from '@playwright/test';
import { adminApi, createArticle, gotoHydrated, uniqueSlug } from './site-support';

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

test('a page change stays client-side and scrolls smoothly back to the top', async ({ page }) => {
  await gotoHydrated(page, '/news');
  await page.evaluate(() => {
    // Survives only if the change is client-side; records how the page asks to scroll.
    const w = window as unknown as { samePage: boolean; scrolls: unknown[] };
    w.samePage = true;
    w.scrolls = [];
    window.scrollTo(0, document.body.scrollHeight);
    const scrollTo = window.scrollTo.bind(window) as (options?: ScrollToOptions) => void;
    window.scrollTo = ((options?: ScrollToOptions) => {
      w.scrolls.push(options);
      scrollTo(options);
    }) as typeof window.scrollTo;
  });
  expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(300);
  await page
    .getByRole('navigation', { name: 'News pages' })
    .getByRole('link', { name: 'Page 2' })
    .click();
  await expect(page).toHaveURL(/page=2/);
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBeLessThan(5);
  const { samePage, scrolls } = await page.evaluate(() => {
    const w = window as unknown as { samePage?: boolean; scrolls?: unknown[] };
    return { samePage: w.samePage, scrolls: w.scrolls ?? [] };
  });
  expect(samePage).toBe(true);
  expect(scrolls).toContainEqual({ top: 0, behavior: 'smooth' });
});
