import { expect, test, type Locator } from '@playwright/test';
import {
  adminApi,
  ensureNewsPages,
  gotoHydrated,
  overflowingElements,
  rowCount,
} from './site-support';

test.beforeAll(async () => {
  const api = await adminApi();
  // Nine pages or more: first/last shortcuts, both ellipses, a full window of five.
  await ensureNewsPages(api, 9);
  await api.dispose();
});

const box = async (locator: Locator) => (await locator.boundingBox())!;

test('pages through the news list with the page in the address', async ({ page }) => {
  await page.goto('/news');
  const pager = page.getByRole('navigation', { name: 'News pages' });
  await expect(pager).toBeVisible();
  // Present on page 1, but disabled: a link without an address.
  const previous = pager.getByRole('link', { name: 'Previous' });
  await expect(previous).toHaveAttribute('aria-disabled', 'true');
  await expect(previous).not.toHaveAttribute('href', /./);
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
  await expect(previous).toHaveAttribute('href', /^\/news\??$/);
  await expect(previous).not.toHaveAttribute('aria-disabled', 'true');

  await pager.getByRole('link', { name: 'Next' }).click();
  await expect(page).toHaveURL(/\/news\?page=3$/);

  const last = Number(
    await pager
      .getByRole('link', { name: /^Page \d+$/ })
      .last()
      .textContent(),
  );
  expect(last).toBeGreaterThanOrEqual(9);
  await page.goto(`/news?page=${last}`);
  const next = pager.getByRole('link', { name: 'Next' });
  await expect(next).toHaveAttribute('aria-disabled', 'true');
  await expect(next).not.toHaveAttribute('href', /./);
  await pager.getByRole('link', { name: 'Previous' }).click();
  await expect(page).toHaveURL(new RegExp(`page=${last - 1}$`));
});

test('on a 390 px phone the numbers keep one row, Previous and Next the row below', async ({
  page,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  for (const at of [1, 5]) {
    await gotoHydrated(page, `/news?page=${at}`);
    const pager = page.getByRole('navigation', { name: 'News pages' });
    await pager.scrollIntoViewIfNeeded();
    const items = pager.getByRole('listitem');
    // Page 5 of nine or more: 1 … 3 4 5 6 7 … last.
    if (at === 5) await expect(items).toHaveCount(9);
    expect(await rowCount(items), `page ${at}: rows of numbers`).toBe(1);

    const previous = await box(pager.getByRole('link', { name: 'Previous' }));
    const next = await box(pager.getByRole('link', { name: 'Next' }));
    const numbers = await box(pager.getByRole('list'));
    expect(Math.round(previous.y)).toBe(Math.round(next.y));
    expect(previous.y).toBeGreaterThanOrEqual(numbers.y + numbers.height);
    expect(previous.x).toBeGreaterThanOrEqual(0);
    expect(next.x + next.width).toBeLessThanOrEqual(390);
    expect(numbers.x).toBeGreaterThanOrEqual(0);
    expect(numbers.x + numbers.width).toBeLessThanOrEqual(390);
    expect(await overflowingElements(page), `page ${at}`).toEqual([]);
  }
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

test('a slow page change keeps the list in place under the spinner and still ends at the top', async ({
  page,
}) => {
  await gotoHydrated(page, '/news');
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => (release = resolve));
  const pageTwo = (url: URL) =>
    url.pathname === '/api/news' && url.searchParams.get('page') === '2';
  await page.route(pageTwo, async (route) => {
    await held;
    await route.continue();
  });
  await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
  const height = await page.evaluate(() => document.body.scrollHeight);
  await page
    .getByRole('navigation', { name: 'News pages' })
    .getByRole('link', { name: 'Page 2' })
    .click();
  const spinner = page.getByRole('status').filter({ hasText: 'Loading news...' });
  await expect(spinner).toBeVisible();
  // The page does not shrink under the scroll: it reaches the top while page 2 is still on its way.
  expect(await page.evaluate(() => document.body.scrollHeight)).toBeGreaterThanOrEqual(height);
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBeLessThan(5);
  // The old page is dimmed and out of reach meanwhile.
  await expect(page.locator('main [inert]')).toHaveCount(1);
  release();
  await expect(spinner).toHaveCount(0);
  await expect(page.locator('main [inert]')).toHaveCount(0);
  await expect(
    page.getByRole('navigation', { name: 'News pages' }).getByRole('link', { name: 'Page 2' }),
  ).toHaveAttribute('aria-current', 'page');
  expect(await page.evaluate(() => window.scrollY)).toBeLessThan(5);
});
