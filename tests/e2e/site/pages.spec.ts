import { expect, test, type Page } from '@playwright/test';
import { adminApi, createArticle, gotoHydrated, uniqueSlug, watchConsole } from './site-support';

test('home shows the hero, services, values and calls to action', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(
    'Intelligent machines for the factories of tomorrow',
  );
  const video = page.locator('video');
  // The still and the clips are named by their content and kept by browsers for a year.
  await expect(video).toHaveAttribute('poster', /^\/assets\/hero-poster-[\w-]+\.jpg$/);
  const sources = video.locator('source');
  await expect(sources.nth(0)).toHaveAttribute('src', /^\/assets\/hero-[\w-]+\.webm$/);
  await expect(sources.nth(1)).toHaveAttribute('src', /^\/assets\/hero-[\w-]+\.mp4$/);
  for (const file of [
    await video.getAttribute('poster'),
    await sources.nth(0).getAttribute('src'),
    await sources.nth(1).getAttribute('src'),
  ]) {
    const response = await page.request.get(file!);
    expect(response.status()).toBe(200);
    expect(response.headers()['cache-control']).toBe('public, max-age=31536000, immutable');
  }
  // The wrapper's background (the still under reduced motion) is the same file.
  const background = await page
    .locator('.hero-poster')
    .evaluate((element) => getComputedStyle(element).backgroundImage);
  expect(background).toContain(await video.getAttribute('poster'));
  expect(await video.evaluate((v: HTMLVideoElement) => v.muted && v.loop && v.playsInline)).toBe(
    true,
  );
  for (const heading of ['AI-powered software', 'Advanced robotics', 'Industrial integration']) {
    await expect(page.getByRole('heading', { name: heading })).toBeVisible();
  }
  for (const heading of ['Ancient wisdom', 'Modern innovation', 'Industrial excellence']) {
    await expect(page.getByRole('heading', { name: heading })).toBeVisible();
  }
  await page.getByRole('link', { name: 'Latest innovations' }).click();
  await expect(page).toHaveURL(/\/news$/);
  await expect(
    page
      .getByRole('navigation', { name: 'Main navigation' })
      .getByRole('link', { name: 'News', exact: true }),
  ).toHaveAttribute('aria-current', 'page');
  await page.goto('/');
  await page.getByRole('link', { name: 'Start a project' }).first().click();
  await expect(page).toHaveURL(/\/contact$/);
});

test('the hero video plays, and is never fetched nor shown under reduced motion, with or without JavaScript', async ({
  browser,
}) => {
  const videoRequests = (page: Page) => {
    const urls: string[] = [];
    page.on('request', (r) => {
      if (/\/assets\/hero-[\w-]+\.(webm|mp4)$/.test(r.url())) urls.push(r.url());
    });
    return urls;
  };

  const moving = await browser.newContext();
  const normal = await moving.newPage();
  const fetched = videoRequests(normal);
  await normal.goto('/');
  await expect(normal.locator('video')).toBeVisible();
  await expect
    .poll(() =>
      normal.locator('video').evaluate((v: HTMLVideoElement) => !v.paused && v.currentTime > 0),
    )
    .toBe(true);
  expect(fetched.length).toBeGreaterThan(0);
  await moving.close();

  for (const javaScriptEnabled of [true, false]) {
    const context = await browser.newContext({ reducedMotion: 'reduce', javaScriptEnabled });
    const page = await context.newPage();
    const urls = videoRequests(page);
    await page.goto('/');
    await page.waitForLoadState('networkidle');
    await expect(page.locator('video')).toBeHidden();
    expect(urls).toEqual([]);
    await context.close();
  }
});

test('/ and /news hydrate without console errors or warnings', async ({ page }) => {
  const problems = watchConsole(page);
  await page.goto('/');
  await page.waitForLoadState('networkidle');
  await page.goto('/news');
  await page.waitForLoadState('networkidle');
  expect(problems).toEqual([]);
});

test('an article opens from the list, client-side, with its details', async ({ page }) => {
  const api = await adminApi();
  const slug = uniqueSlug('journey');
  await createArticle(api, {
    slug,
    title: `Cobot cell ${slug}`,
    category: 'partnership',
    published_at: undefined,
    content: 'First line\nsecond line\n\n## Results',
  });
  await api.dispose();

  await gotoHydrated(page, '/news');
  const card = page.getByRole('link', { name: new RegExp(`Cobot cell ${slug}`) });
  await expect(card).toContainText('Partnership');
  await expect(card).toContainText('Read more');
  await expect(card.locator('img')).toHaveAttribute('src', '/media/news-default.jpg');
  await page.evaluate(() => ((window as unknown as { marker: boolean }).marker = true));
  await card.click();
  await expect(page).toHaveURL(new RegExp(`/${slug}$`));
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Cobot cell ${slug}`);
  expect(await page.evaluate(() => (window as unknown as { marker?: boolean }).marker)).toBe(true);
  await expect(page.locator('.markdown-body br')).toHaveCount(1);
  await expect(page.getByText('Published on')).toContainText(/\d{2}\/\d{2}\/\d{4}/);
  await expect(page).toHaveTitle(new RegExp(`Cobot cell ${slug}`));
  await page.getByRole('link', { name: 'Back to News' }).first().click();
  await expect(page).toHaveURL(/\/news$/);
});

test('unknown paths and unknown slugs answer 404 with their pages', async ({ page }) => {
  const errors: string[] = [];
  page.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
  const missing = await page.goto('/no/such/page');
  expect(missing?.status()).toBe(404);
  await expect(page.getByRole('heading', { name: '404' })).toBeVisible();
  await expect(page.getByText('Oops! Page not found')).toBeVisible();
  await expect
    .poll(() => errors.join())
    .toContain('404 Error: User attempted to access non-existent route: /no/such/page');
  await page.getByRole('link', { name: 'Return to Home' }).click();
  await expect(page).toHaveURL(/\/$/);

  const slug = await page.goto('/no-such-article-here');
  expect(slug?.status()).toBe(404);
  await expect(page.getByRole('heading', { name: 'Article Not Found' })).toBeVisible();
  await expect(
    page.getByText("The article you're looking for doesn't exist or has been removed."),
  ).toBeVisible();
  await expect(page.getByRole('link', { name: 'Back to News' })).toHaveAttribute('href', '/news');
});

test('on a phone the menu folds away and opens from the hamburger', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 800 });
  await gotoHydrated(page, '/');
  const toggle = page.getByRole('button', { name: 'Open menu' });
  await expect(toggle).toHaveAttribute('aria-expanded', 'false');
  await expect(page.locator('#mobile-menu')).toBeHidden();
  await toggle.click();
  await expect(page.getByRole('button', { name: 'Close menu' })).toHaveAttribute(
    'aria-expanded',
    'true',
  );
  await page.locator('#mobile-menu').getByRole('link', { name: 'Contact' }).click();
  await expect(page).toHaveURL(/\/contact$/);
  await expect(page.locator('#mobile-menu')).toBeHidden();
});

test('home downloads neither markdown nor a catalogue; an article opened directly hydrates cleanly', async ({
  page,
}) => {
  const api = await adminApi();
  const slug = uniqueSlug('direct');
  await createArticle(api, {
    slug,
    title: `Direct ${slug}`,
    category: 'research',
    published_at: undefined,
    content: 'Plain and **bold**',
  });
  await api.dispose();

  const scripts: string[] = [];
  page.on('request', (request) => scripts.push(new URL(request.url()).pathname));
  const problems = watchConsole(page);
  await gotoHydrated(page, '/');
  await page.waitForLoadState('networkidle');
  // The page's texts come inside its HTML: no catalogue is fetched at all.
  expect(
    scripts.filter((path) => /^\/assets\/(markdown|ArticlePage|en|pt|de)-/.test(path)),
  ).toEqual([]);

  await gotoHydrated(page, `/${slug}`);
  await expect(page.locator('.markdown-body strong')).toHaveText('bold');
  await page.waitForLoadState('networkidle');
  expect(problems).toEqual([]);
});
