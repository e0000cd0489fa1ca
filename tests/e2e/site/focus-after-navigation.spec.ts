import { expect, test, type Page } from '@playwright/test';
import { adminApi, createArticle, ensureNewsPages, gotoHydrated, uniqueSlug } from './site-support';

/**
 * A page the site's script shows without a page load moves the focus to
 * its heading, so a screen reader announces the new page and the keyboard
 * goes on from its top; the first page and an in-page jump keep theirs.
 */
const focused = (page: Page) =>
  page.evaluate(() => {
    const element = document.activeElement;
    return element ? `${element.tagName.toLowerCase()}: ${element.textContent?.trim()}` : '';
  });

test('a news card opens its article with the focus on the article’s heading', async ({ page }) => {
  const api = await adminApi();
  const slug = uniqueSlug('focus');
  await createArticle(api, { slug, title: `Focus moves ${slug}` });
  await api.dispose();

  await gotoHydrated(page, '/news');
  expect(await focused(page)).not.toMatch(/^h1/);
  await page.getByRole('link', { name: new RegExp(`Focus moves ${slug}`) }).click();
  await expect(page).toHaveURL(new RegExp(`/${slug}$`));
  await expect(page.getByRole('heading', { level: 1 })).toBeFocused();
  expect(await focused(page)).toBe(`h1: Focus moves ${slug}`);
  // The heading is no control: it shows no focus ring.
  const outline = await page
    .getByRole('heading', { level: 1 })
    .evaluate((h) => getComputedStyle(h).outlineStyle);
  expect(outline).toBe('none');
  // Back to the list by keyboard: the list's heading has it.
  await page.getByRole('link', { name: 'Back to News' }).first().focus();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/news$/);
  await expect(page.getByRole('heading', { level: 1, name: 'News & Innovations' })).toBeFocused();
});

test('another page of the news list moves the focus to the list’s heading', async ({ page }) => {
  const api = await adminApi();
  await ensureNewsPages(api, 2);
  await api.dispose();

  await gotoHydrated(page, '/news');
  await page
    .getByRole('navigation', { name: 'News pages' })
    .getByRole('link', { name: 'Next' })
    .click();
  await expect(page).toHaveURL(/\/news\?page=2$/);
  await expect(page.getByRole('heading', { level: 1, name: 'News & Innovations' })).toBeFocused();
});

test('the skip link still takes the focus to the content, not the heading', async ({ page }) => {
  await gotoHydrated(page, '/contact');
  await page.getByRole('link', { name: 'Skip to content' }).focus();
  await page.keyboard.press('Enter');
  await expect(page.locator('main')).toBeFocused();
});
