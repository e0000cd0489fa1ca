import { expect, test, type Page } from '@playwright/test';
import { watchConsole } from './site-support';

/**
 * Content pages hydrate on the visitor's first intent, not at load
 * (web/site/hydrate-on-intent.ts, decision 021): their scripts are fetched
 * after the first paint but not run until a key, a press or a button asks.
 */

const hydrated = (page: Page) => page.locator('html[data-hydrated]');

/**
 * Every picture answers with a real image. Other journeys publish articles
 * whose picture is dead on purpose, and a page showing one hydrates at once
 * (React puts the stand-in in its place): not what these tests look at.
 */
async function picturesThatLoad(page: Page) {
  await page.route('**/*', (route) =>
    route.request().resourceType() === 'image'
      ? route.fulfill({ path: 'web/public/media/news-default.jpg', contentType: 'image/jpeg' })
      : route.fallback(),
  );
}

/** The page has been painted, its scripts fetched (prefetched), and the network is quiet. */
async function openAndSettle(page: Page, url: string) {
  await page.goto(url);
  await page.waitForLoadState('networkidle');
  await expect
    .poll(() => page.locator('link[rel="prefetch"]').count(), { message: 'prefetched' })
    .toBeGreaterThanOrEqual(2);
  await page.waitForLoadState('networkidle');
}

test('a reader of the home page, the news and an article runs no framework code', async ({
  page,
  request,
}) => {
  const list = await (await request.get('/api/news?per_page=1')).json();
  const slug = list.data.news[0].slug as string;
  await picturesThatLoad(page);
  for (const url of ['/', '/news?page=1', `/${slug}`, '/de/news']) {
    await openAndSettle(page, url);
    // Scroll like a reader (the wheel is not an intent).
    await page.mouse.wheel(0, 600);
    await page.waitForTimeout(300);
    await expect(hydrated(page), url).toHaveCount(0);
    // The entry was fetched, not run: React never touched the page.
    const entry = await page.locator('script[data-hydrate]').getAttribute('data-hydrate');
    expect(
      await page.evaluate((src) => document.querySelector(`script[src="${src}"]`) === null, entry!),
      url,
    ).toBe(true);
  }
});

test('the first key press hydrates the page, cleanly', async ({ page }) => {
  const problems = watchConsole(page);
  // The home page shows no article's picture; a route would also turn the HTTP cache off.
  await openAndSettle(page, '/');
  await expect(hydrated(page)).toHaveCount(0);
  await page.keyboard.press('Tab');
  await expect(hydrated(page)).toHaveCount(1);
  await page.waitForLoadState('networkidle');
  expect(problems).toEqual([]);
  // The entry ran from the copy prefetched after the paint: downloaded once.
  const entry = await page.locator('script[data-hydrate]').getAttribute('data-hydrate');
  const downloads = await page.evaluate(
    (src) =>
      performance
        .getEntriesByType('resource')
        .filter((e) => e.name.endsWith(src))
        .map((e) => (e as PerformanceResourceTiming).transferSize),
    entry!,
  );
  expect(downloads.length).toBeGreaterThanOrEqual(1);
  expect(downloads.filter((bytes) => bytes > 0)).toHaveLength(1);
});

test('on a phone, a press on the menu before the scripts are there opens it once they are', async ({
  page,
}) => {
  await page.setViewportSize({ width: 375, height: 800 });
  // Scripts that take a second to arrive: the press certainly comes first.
  await page.route(/\/assets\/site-[\w-]+\.js$/, async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 1000));
    await route.continue();
  });
  await page.goto('/');
  await page.getByRole('button', { name: 'Open menu' }).click();
  await expect(hydrated(page)).toHaveCount(0);
  await expect(page.locator('#mobile-menu')).toBeHidden();
  // Hydrated, the press is replayed: the menu opens, once (not open and shut again).
  await expect(hydrated(page)).toHaveCount(1, { timeout: 10_000 });
  await expect(page.getByRole('button', { name: 'Close menu' })).toHaveAttribute(
    'aria-expanded',
    'true',
  );
  await expect(page.locator('#mobile-menu')).toBeVisible();
});

test('a link followed before hydration simply loads its page', async ({ page }) => {
  await openAndSettle(page, '/');
  await page.getByRole('navigation').getByRole('link', { name: 'News' }).first().click();
  await expect(page).toHaveURL(/\/news$/);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  // A new document, read as HTML: it too waits for an intent.
  await expect(hydrated(page)).toHaveCount(0);
});

test('the contact form hydrates on the first press in a field and keeps what was typed before', async ({
  page,
}) => {
  const problems = watchConsole(page);
  // Scripts that take a second to arrive: the visitor is typing well before them.
  await page.route(/\/assets\/site-[\w-]+\.js$/, async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 1000));
    await route.continue();
  });
  await page.goto('/contact');
  await page.waitForTimeout(300);
  await expect(hydrated(page)).toHaveCount(0);
  const box = (label: string) => page.getByRole('textbox', { name: new RegExp(`^${label}\\b`) });
  await box('Name').click();
  await page.keyboard.type('Ana Early');
  await expect(hydrated(page)).toHaveCount(0);
  await expect(hydrated(page)).toHaveCount(1, { timeout: 10_000 });
  // Hydrated: the name is still there, and the form goes on from it.
  await expect(box('Name')).toHaveValue('Ana Early');
  await page.keyboard.type(' Silva');
  await box('Email').click();
  await page.keyboard.type('ana.early@example.pt');
  await box('Message').click();
  await page.keyboard.type('Typed while the page was still waking up.');
  await page.getByRole('button', { name: 'Send Message' }).click();
  await expect(page.locator('[data-sonner-toast][data-type="success"]')).toBeVisible();
  await expect(box('Name')).toHaveValue('');
  expect(problems).toEqual([]);
});

test('the not-found page hydrates at once, without an intent', async ({ page }) => {
  const errors: string[] = [];
  page.on('console', (message) => message.type() === 'error' && errors.push(message.text()));
  await page.goto('/no/such/page');
  await expect(hydrated(page)).toHaveCount(1);
  // Shown, the 404 records the address it missed.
  await expect.poll(() => errors.some((text) => text.includes('/no/such/page'))).toBe(true);
});

test('an address that names a language keeps it as the choice without hydrating', async ({
  page,
  context,
}) => {
  await picturesThatLoad(page);
  await openAndSettle(page, '/pt/news');
  await expect(hydrated(page)).toHaveCount(0);
  expect(await page.evaluate(() => window.localStorage.getItem('language'))).toBe('pt');
  const cookies = await context.cookies();
  expect(cookies.find((cookie) => cookie.name === 'language')?.value).toBe('pt');
});
