import { expect, test, type Page } from '@playwright/test';
import { adminApi, createArticle, uniqueSlug } from './site-support';

/**
 * A page, once painted, stays where it is while the rest of it arrives: the
 * layout shifts Chromium records during a phone's load (the page's scripts
 * and fonts coming in, no visitor input) add up to less than 0.1, what
 * Lighthouse calls good.
 */
const GOOD_CLS = 0.1;

/** Every layout shift of the page so far not caused by input, with what moved. */
const layoutShifts = (page: Page) =>
  page.evaluate(
    () =>
      new Promise<{ value: number; sources: string[] }[]>((resolve) => {
        type Shift = PerformanceEntry & {
          value: number;
          hadRecentInput: boolean;
          sources: { node?: Node | null }[];
        };
        new PerformanceObserver((list, observer) => {
          observer.disconnect();
          resolve(
            (list.getEntries() as Shift[])
              .filter((entry) => !entry.hadRecentInput)
              .map((entry) => ({
                value: entry.value,
                sources: entry.sources.map((source) => {
                  const node = source.node;
                  return node instanceof Element
                    ? `${node.tagName.toLowerCase()}.${node.className}`.slice(0, 60)
                    : String(node?.nodeName);
                }),
              })),
          );
        }).observe({ type: 'layout-shift', buffered: true });
        // The observer reports nothing when there is nothing to report.
        setTimeout(() => resolve([]), 500);
      }),
  );

let articlePath = '';
test.beforeAll(async () => {
  const api = await adminApi();
  const slug = uniqueSlug('steady');
  await createArticle(api, {
    slug,
    content: 'A first paragraph.\n\nA second paragraph, to have some text below the picture.',
  });
  await api.dispose();
  articlePath = `/${slug}`;
});

test('at 390 px the home page, the news and an article load without shifting (CLS < 0.1)', async ({
  browser,
}) => {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const page = await context.newPage();
  for (const path of ['/', '/news', articlePath]) {
    await page.goto(path, { waitUntil: 'load' });
    await page.evaluate(() => document.fonts.ready);
    // The loader has run (it sets data-scripted) and its prefetches have settled.
    await expect(page.locator('html')).toHaveAttribute('data-scripted', '');
    await page.waitForLoadState('networkidle');
    const shifts = await layoutShifts(page);
    const total = shifts.reduce((sum, shift) => sum + shift.value, 0);
    expect.soft(total, `${path}: ${JSON.stringify(shifts)}`).toBeLessThan(GOOD_CLS);
    // With JavaScript the phone's menu is folded away from the first paint on.
    await expect.soft(page.locator('#mobile-menu')).toBeHidden();
  }
  await context.close();
});
