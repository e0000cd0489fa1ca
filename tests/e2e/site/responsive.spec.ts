import { expect, test, type Page } from '@playwright/test';
import { adminApi, createArticle, gotoHydrated, uniqueSlug } from './site-support';

/**
 * Every public page, from a small phone to a wide desktop: nothing sticks out
 * sideways, the navigation is reachable, and long words (German compounds,
 * long titles) wrap instead of widening the page.
 */
const WIDTHS = [360, 768, 1440];

let articlePath = '';
test.beforeAll(async () => {
  const api = await adminApi();
  const slug = uniqueSlug('wide');
  await createArticle(api, {
    slug,
    title: 'Roboterzellenintegrationsdienstleistungsvereinbarung für Fertigungsstraßen',
    content: `A long address: https://example.com/${'segment/'.repeat(20)}\n\n| a | b |\n|---|---|\n| 1 | 2 |`,
  });
  await api.dispose();
  articlePath = `/${slug}`;
});

async function overflow(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    const offenders = [...document.querySelectorAll('body *')]
      .filter((el) => {
        const box = el.getBoundingClientRect();
        const style = getComputedStyle(el);
        const hidden = style.visibility === 'hidden' || style.display === 'none';
        const clipped = el.closest('.sr-only, [aria-hidden="true"]');
        return !hidden && !clipped && box.width > 0 && box.right > width + 1;
      })
      .map((el) => `${el.tagName.toLowerCase()}.${el.className}`.slice(0, 80));
    if (document.documentElement.scrollWidth > width) offenders.unshift('document');
    return offenders;
  });
}

for (const width of WIDTHS) {
  test(`at ${width} px every public page fits the width in en and de`, async ({ page }) => {
    await page.setViewportSize({ width, height: 900 });
    for (const lang of ['en', 'de']) {
      for (const path of ['/', '/news', '/contact', articlePath, '/no/such/page']) {
        await gotoHydrated(page, `${path}?lang=${lang}`);
        expect(await overflow(page), `${path}?lang=${lang}`).toEqual([]);
        // Header controls keep their labels on one line (no letters stacked in a squeezed button).
        for (const box of await page.locator('header button, header a').evaluateAll((els) =>
          els.map((el) => ({
            name: el.textContent?.trim(),
            height: el.getBoundingClientRect().height,
          })),
        )) {
          expect(box.height, `${box.name} at ${width} px`).toBeLessThan(48);
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
