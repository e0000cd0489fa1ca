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
        // Header controls keep their labels on one line (no letters stacked in a squeezed button);
        // the logo (the bar's own link) may wrap its tagline to two lines, checked below.
        const controls = page.locator('header button, header a:not(header nav > a)');
        for (const box of await controls.evaluateAll((els) =>
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

/** The header's tagline in the languages whose words are longest. */
const TAGLINES = {
  pt: 'Software de IA e robótica para a indústria',
  de: 'KI-Software und Robotik für die Industrie',
};

test('at 390 px the header shows the whole tagline in pt and de, at the same height', async ({
  page,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await gotoHydrated(page, '/en');
  const bar = page.getByRole('banner').getByRole('navigation').first();
  const height = (await bar.boundingBox())!.height;
  for (const [lang, tagline] of Object.entries(TAGLINES)) {
    await gotoHydrated(page, `/${lang}`);
    const line = page.getByRole('banner').getByText(tagline, { exact: true });
    await expect(line).toBeVisible();
    // Wrapped, not cut: nothing of it overflows its box sideways or below.
    const fit = await line.evaluate((el) => ({
      scrollWidth: el.scrollWidth,
      clientWidth: el.clientWidth,
      scrollHeight: el.scrollHeight,
      clientHeight: el.clientHeight,
    }));
    expect(fit.scrollWidth, `${lang}: tagline width`).toBeLessThanOrEqual(fit.clientWidth);
    expect(fit.scrollHeight, `${lang}: tagline height`).toBeLessThanOrEqual(fit.clientHeight);
    const barBox = (await bar.boundingBox())!;
    expect(barBox.height, `${lang}: header height`).toBe(height);
    const logo = (await bar.locator(':scope > a').boundingBox())!;
    expect(logo.y, `${lang}: logo top`).toBeGreaterThanOrEqual(barBox.y);
    expect(logo.y + logo.height, `${lang}: logo bottom`).toBeLessThanOrEqual(
      barBox.y + barBox.height,
    );
    await page.screenshot({ path: test.info().outputPath(`header-${lang}-390.png`) });
  }
});
