import { expect, test, type Page } from '@playwright/test';
import { seriousViolations } from '../../support/axe';
import { gotoHydrated } from './site-support';

/**
 * The home page's hero video loops for as long as the page is open, so it
 * has a Pause button (WCAG 2.2.2): in the server's HTML, shown once the
 * page's loader runs (never without JavaScript, where it would do nothing),
 * in the hero's corner, working by mouse and keyboard, kept for the visit.
 */
const playing = (page: Page) =>
  page.locator('video').evaluate((v: HTMLVideoElement) => !v.paused && !v.ended);
const time = (page: Page) => page.locator('video').evaluate((v: HTMLVideoElement) => v.currentTime);

test('the Pause button pauses and plays the real video, pressed before hydration too', async ({
  page,
}) => {
  await page.goto('/');
  await expect.poll(() => playing(page)).toBe(true);
  // Pressed before the page's scripts ran: replayed once they have.
  await page.getByRole('button', { name: 'Pause video' }).click();
  await expect(page.getByRole('button', { name: 'Play video' })).toBeVisible();
  await expect.poll(() => playing(page)).toBe(false);
  const at = await time(page);
  await page.waitForTimeout(500);
  expect(await time(page)).toBe(at);

  await page.getByRole('button', { name: 'Play video' }).click();
  await expect(page.getByRole('button', { name: 'Pause video' })).toBeVisible();
  await expect.poll(async () => (await playing(page)) && (await time(page)) > at).toBe(true);
});

test('without JavaScript the clip plays and no Pause button is offered', async ({
  browser,
  page,
}) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const noJs = await context.newPage();
  await noJs.goto('/');
  await expect(noJs.locator('video')).toBeVisible();
  const toggle = noJs.locator('button.hero-pause');
  await expect(toggle).toHaveCount(1);
  await expect(toggle).toBeHidden();

  await context.close();

  // With scripts it is shown once the loader runs, before hydration.
  await page.goto('/');
  await expect(page.getByRole('button', { name: 'Pause video' })).toBeVisible();
  await expect(page.locator('html')).not.toHaveAttribute('data-hydrated', '');
});

test('it follows the hero’s calls to action for the keyboard, and answers Enter and Space', async ({
  page,
}) => {
  await gotoHydrated(page, '/');
  await page.getByRole('link', { name: 'Latest innovations' }).focus();
  await page.keyboard.press('Tab');
  const toggle = page.getByRole('button', { name: 'Pause video' });
  await expect(toggle).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('button', { name: 'Play video' })).toBeFocused();
  await expect.poll(() => playing(page)).toBe(false);
  await page.keyboard.press('Space');
  await expect(toggle).toBeFocused();
  await expect.poll(() => playing(page)).toBe(true);
});

test('a pause holds for the visit: the next home page starts paused', async ({ page, browser }) => {
  await gotoHydrated(page, '/');
  await page.getByRole('button', { name: 'Pause video' }).click();
  await page.goto('/pt');
  await expect(page.locator('html')).toHaveAttribute('data-hydrated', '');
  await expect(page.getByRole('button', { name: 'Reproduzir vídeo' })).toBeVisible();
  expect(await playing(page)).toBe(false);
  const at = await time(page);
  await page.waitForTimeout(500);
  expect(await time(page)).toBe(at);

  // Another visit plays again.
  const other = await browser.newPage();
  await other.goto('/');
  await expect.poll(() => playing(other)).toBe(true);
  await other.close();
});

for (const width of [390, 1440]) {
  test(`at ${width} px it sits in the hero’s bottom corner, clear of its text and buttons`, async ({
    page,
  }) => {
    await page.setViewportSize({ width, height: 900 });
    await page.goto('/');
    const hero = await page.locator('section[aria-labelledby="hero-title"]').boundingBox();
    const toggle = await page.getByRole('button', { name: 'Pause video' }).boundingBox();
    const ghost = await page.getByRole('link', { name: 'Latest innovations' }).boundingBox();
    expect(hero && toggle && ghost).toBeTruthy();
    expect(hero!.x + hero!.width - (toggle!.x + toggle!.width)).toBeLessThanOrEqual(32);
    expect(hero!.y + hero!.height - (toggle!.y + toggle!.height)).toBeLessThanOrEqual(32);
    expect(toggle!.y).toBeGreaterThan(ghost!.y + ghost!.height);
    expect(toggle!.height).toBeGreaterThanOrEqual(24);
    // The button and the footer's language links add no serious WCAG A/AA violation.
    await page.waitForLoadState('networkidle');
    expect(await seriousViolations(page, ['wcag2a', 'wcag2aa'])).toEqual([]);
  });
}

test('under reduced motion there is no clip, and no button', async ({ browser }) => {
  const context = await browser.newContext({ reducedMotion: 'reduce' });
  const page = await context.newPage();
  await page.goto('/');
  await expect(page.locator('video')).toBeHidden();
  await expect(page.getByRole('button', { name: 'Pause video' })).toBeHidden();
  await context.close();
});
