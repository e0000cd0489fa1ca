import {
  expect,
  request as playwrightRequest,
  type APIRequestContext,
  type Locator,
  type Page,
} from '@playwright/test';
import type { Article } from '#shared/news';
import { adminStatePath, E2E } from '../../support/e2e-env';

/** A slug no other journey uses. */
export function uniqueSlug(prefix: string): string {
  return `${prefix}-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 7)}`;
}

/**
 * An API context signed in as the e2e admin, with the session the `sign-in`
 * setup project saved (state-changing calls carry our Origin).
 */
export async function adminApi(): Promise<APIRequestContext> {
  return playwrightRequest.newContext({
    baseURL: E2E.baseUrl,
    extraHTTPHeaders: { Origin: E2E.baseUrl },
    storageState: adminStatePath(),
  });
}

export async function createArticle(
  api: APIRequestContext,
  fields: Partial<Article> & { slug: string },
): Promise<Article> {
  const response = await api.post('/api/news', {
    data: {
      title: `Article ${fields.slug}`,
      excerpt: 'An excerpt written for the end-to-end journeys.',
      content: 'Body text.',
      category: 'robotics',
      published: true,
      ...fields,
    },
  });
  expect(response.status(), await response.text()).toBe(201);
  return ((await response.json()) as { data: Article }).data;
}

/** Collects console errors and React warnings of a page. */
export function watchConsole(page: Page): string[] {
  const problems: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' || message.type() === 'warning') problems.push(message.text());
  });
  page.on('pageerror', (error) => problems.push(error.message));
  return problems;
}

/**
 * Opens a page as a visitor about to use it: a key press (the first intent,
 * web/site/hydrate-on-intent.ts) has its scripts hydrate it; resolves once
 * they have (`<html data-hydrated>`) and no request is left in flight.
 */
export async function gotoHydrated(page: Page, url: string): Promise<void> {
  await page.goto(url);
  await page.keyboard.press('Shift');
  await expect(page.locator('html')).toHaveAttribute('data-hydrated', '');
  await page.waitForLoadState('networkidle');
}

/** Publishes filler articles until the public news list has at least `pages` pages. */
export async function ensureNewsPages(api: APIRequestContext, pages: number): Promise<void> {
  const response = await api.get('/api/news?per_page=6');
  const { total } = ((await response.json()) as { data: { total: number } }).data;
  for (let n = total; n < (pages - 1) * 6 + 1; n++)
    await createArticle(api, { slug: uniqueSlug(`filler-${n}`) });
}

/** Elements that stick out past the right edge of the window ('document' when the page scrolls sideways). */
export async function overflowingElements(page: Page): Promise<string[]> {
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

/** How many rows the elements sit on: those whose vertical centres lie within 2 px share a row. */
export async function rowCount(items: Locator): Promise<number> {
  const centres = await items.evaluateAll((els) =>
    els.map((el) => {
      const box = el.getBoundingClientRect();
      return box.top + box.height / 2;
    }),
  );
  const rows: number[] = [];
  for (const centre of centres.sort((a, b) => a - b))
    if (rows.length === 0 || centre - rows.at(-1)! > 2) rows.push(centre);
  return rows.length;
}
