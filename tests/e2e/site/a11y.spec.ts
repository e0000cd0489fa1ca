import { expect, test, type Page } from '@playwright/test';
import { seriousViolations as seriousAxeViolations } from '../../support/axe';
import { gotoHydrated } from './site-support';

/** Serious and critical WCAG 2 A/AA violations. */
const seriousViolations = (page: Page) => seriousAxeViolations(page, ['wcag2a', 'wcag2aa']);

async function firstArticleSlug(page: Page): Promise<string> {
  const response = await page.request.get('/api/news');
  expect(response.ok()).toBe(true);
  const body = (await response.json()) as { data: { news: { slug: string }[] } };
  expect(body.data.news.length).toBeGreaterThan(0);
  return body.data.news[0]!.slug;
}

test.describe('accessibility of the public pages (axe-core, WCAG 2 A/AA)', () => {
  const pages: [string, (page: Page) => Promise<string>][] = [
    ['home', async () => '/'],
    ['news list', async () => '/news'],
    ['article', async (page) => `/${await firstArticleSlug(page)}`],
    ['contact', async () => '/contact'],
    // A one-segment path is an article lookup; deeper unknown paths get the 404 page itself.
    ['article not found', async () => '/this-article-does-not-exist-404'],
    ['404', async () => '/no/such/page'],
  ];

  for (const [label, path] of pages) {
    test(`${label} has no serious or critical violation`, async ({ page }) => {
      await page.goto(await path(page));
      await expect(page.locator('h1').first()).toBeVisible();
      await page.waitForLoadState('networkidle');
      expect(await seriousViolations(page)).toEqual([]);
    });
  }

  test('contact with every error shown has no serious or critical violation', async ({ page }) => {
    await gotoHydrated(page, '/contact');
    await expect(page.locator('form[novalidate]')).toHaveCount(1);
    await page.getByRole('button', { name: 'Send Message' }).click();
    await expect(page.getByText('Name is required', { exact: true })).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
  });

  test('contact with the success toast has no serious or critical violation', async ({ page }) => {
    await gotoHydrated(page, '/contact');
    await expect(page.locator('form[novalidate]')).toHaveCount(1);
    await page.getByRole('textbox', { name: /^Name/ }).fill('Axe Visitor');
    await page.getByRole('textbox', { name: /^Email/ }).fill('axe.visitor@example.pt');
    await page.getByRole('textbox', { name: /^Message/ }).fill('Checking the page after a send.');
    await page.getByRole('button', { name: 'Send Message' }).click();
    await expect(page.locator('[data-sonner-toast][data-type="success"]')).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
  });

  for (const lang of ['pt', 'de'] as const) {
    test(`contact in ${lang} has no serious or critical violation`, async ({ page }) => {
      await page.goto(`/contact?lang=${lang}`);
      await expect(page.locator('html')).toHaveAttribute('lang', lang);
      expect(await seriousViolations(page)).toEqual([]);
    });
  }
});
