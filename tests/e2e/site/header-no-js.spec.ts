import { expect, test, type Browser, type Page } from '@playwright/test';
import { gotoHydrated } from './site-support';

/**
 * Below `md` the header folds its links into a menu and its languages into a
 * menu, both opened by buttons that need the page's scripts. A phone without
 * JavaScript gets neither button, but the menu's links and the languages as
 * plain links in the header; with JavaScript the header is as it was, and
 * from `md` up it is the same either way.
 */
async function phone(browser: Browser, javaScriptEnabled: boolean) {
  const context = await browser.newContext({
    javaScriptEnabled,
    viewport: { width: 390, height: 844 },
  });
  return { context, page: await context.newPage() };
}

test('on a phone without JavaScript the header reaches the news and the Portuguese page', async ({
  browser,
}) => {
  const { context, page } = await phone(browser, false);
  await page.goto('/');
  const header = page.getByRole('banner');
  await expect(header.getByRole('button')).toHaveCount(0);
  // Chromium without JavaScript matches `scripting: none`, which shows the menu's panel open.
  await expect(page.locator('#mobile-menu')).toBeVisible();
  // The page scrolls its header away, rather than keeping the open menu over the text.
  expect(await header.evaluate((el) => getComputedStyle(el).position)).toBe('static');

  await header.getByRole('link', { name: 'News', exact: true }).click();
  await expect(page).toHaveURL(/\/news$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('News & Innovations');

  const languages = header.getByRole('list', { name: 'Choose a language' });
  await expect(languages.getByRole('link', { name: 'English' })).toHaveAttribute(
    'aria-current',
    'true',
  );
  await languages.getByRole('link', { name: 'Português' }).click();
  await expect(page).toHaveURL(/\/pt\/news$/);
  await expect(page.locator('html')).toHaveAttribute('lang', 'pt');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Notícias e inovações');
  await expect(header.getByRole('link', { name: 'Notícias', exact: true })).toHaveAttribute(
    'aria-current',
    'page',
  );
  await context.close();
});

test('on a phone with JavaScript the header keeps its two buttons and a closed menu', async ({
  browser,
}) => {
  const { context, page } = await phone(browser, true);
  await page.goto('/');
  const header = page.getByRole('banner');
  // Before hydration already (the loader runs at once): the buttons, and the menu folded.
  await expect(header.getByRole('button', { name: 'Open menu' })).toBeVisible();
  await expect(header.getByRole('button', { name: /Change language/ })).toBeVisible();
  await expect(page.locator('#mobile-menu')).toBeHidden();
  expect(await header.evaluate((el) => getComputedStyle(el).position)).toBe('sticky');

  await gotoHydrated(page, '/');
  await header.getByRole('button', { name: 'Open menu' }).click();
  await expect(page.locator('#mobile-menu').getByRole('link', { name: 'News' })).toBeVisible();
  // The languages stay in their own menu.
  await expect(header.getByRole('link', { name: 'Português' })).toHaveCount(0);
  await context.close();
});

/** What a visitor sees of the header: each visible control, its name and box. */
const headerLayout = (page: Page) =>
  page
    .getByRole('banner')
    .locator('a, button')
    .evaluateAll((els) =>
      els
        .filter((el) => el.checkVisibility())
        .map((el) => {
          const { x, y, width, height } = el.getBoundingClientRect();
          return { name: el.textContent?.trim(), x, y, width, height };
        }),
    );

test('at 1440 px the header is the same with JavaScript and without', async ({ browser }) => {
  const layouts = [];
  for (const javaScriptEnabled of [true, false]) {
    const context = await browser.newContext({
      javaScriptEnabled,
      viewport: { width: 1440, height: 900 },
    });
    const page = await context.newPage();
    await page.goto('/');
    await page.evaluate(() => document.fonts.ready).catch(() => undefined);
    const header = page.getByRole('banner');
    await expect(header.getByRole('button', { name: /Change language/ })).toBeVisible();
    await expect(header.getByRole('button', { name: 'Open menu' })).toBeHidden();
    await expect(page.locator('#mobile-menu')).toBeHidden();
    await expect(header.getByRole('link', { name: 'News', exact: true })).toBeVisible();
    expect(await header.evaluate((el) => getComputedStyle(el).position)).toBe('sticky');
    layouts.push(await headerLayout(page));
    await context.close();
  }
  expect(layouts[1]).toEqual(layouts[0]);
});
