import { expect, test } from '@playwright/test';
import {
  adminApi,
  createArticle,
  ensureNewsPages,
  gotoHydrated,
  overflowingElements,
  rowCount,
  uniqueSlug,
} from './site-support';

/**
 * Every public page, from a small phone to a wide desktop: nothing sticks out
 * sideways, the navigation is reachable, long words (German compounds,
 * long titles) wrap instead of widening the page, and the news pagination
 * (nine pages and more) keeps its numbers on one row.
 */
const WIDTHS = [360, 390, 768, 1440];

let articlePath = '';
test.beforeAll(async () => {
  const api = await adminApi();
  const slug = uniqueSlug('wide');
  await createArticle(api, {
    slug,
    title: 'Roboterzellenintegrationsdienstleistungsvereinbarung für Fertigungsstraßen',
    content: `A long address: https://example.com/${'segment/'.repeat(20)}\n\n| a | b |\n|---|---|\n| 1 | 2 |`,
  });
  await ensureNewsPages(api, 9);
  await api.dispose();
  articlePath = `/${slug}`;
});

for (const width of WIDTHS) {
  test(`at ${width} px every public page fits the width in en and de`, async ({ page }) => {
    await page.setViewportSize({ width, height: 900 });
    for (const lang of ['en', 'de']) {
      for (const path of ['/', '/news', '/news?page=5', '/contact', articlePath, '/no/such/page']) {
        const url = `${path}${path.includes('?') ? '&' : '?'}lang=${lang}`;
        await gotoHydrated(page, url);
        expect(await overflowingElements(page), url).toEqual([]);
        // Header controls keep their labels on one line (no letters stacked in a squeezed button).
        for (const box of await page.locator('header button, header a').evaluateAll((els) =>
          els.map((el) => ({
            name: el.textContent?.trim(),
            height: el.getBoundingClientRect().height,
          })),
        )) {
          expect(box.height, `${box.name} at ${width} px`).toBeLessThan(48);
        }
        if (path.startsWith('/news')) {
          // Page numbers on one row, whatever the language's Previous/Next labels.
          const numbers = page.getByRole('main').getByRole('navigation').getByRole('listitem');
          expect(await numbers.count(), `${url}: page numbers`).toBeGreaterThanOrEqual(7);
          expect(await rowCount(numbers), `${url}: rows of page numbers`).toBe(1);
        }
        const nav = page.getByRole('navigation').first();
        await expect(nav).toBeVisible();
        if (width < 768) {
          await expect(page.locator('button[aria-controls="mobile-menu"]')).toBeVisible();
        } else {
          await expect(nav.getByRole('link').nth(1)).toBeVisible();
        }
      }
    }
  });
}
