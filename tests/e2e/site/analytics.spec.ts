import { expect, test, type Browser, type Page } from '@playwright/test';
import type { AnalyticsReport } from '#shared/analytics';
import type { Contact } from '#shared/contact';
import { adminStatePath, E2E } from '../../support/e2e-env';
import { createAdmin } from '../admin/accounts';
import {
  adminApi,
  createArticle,
  gotoHydrated,
  overflowingElements,
  uniqueSlug,
} from './site-support';

/**
 * Readers and where enquiries come from, in the browser: a reader (an
 * ordinary browser's user agent: headless Chromium's own names itself and is
 * left out like any robot) reads an article, follows its call to action and
 * sends an enquiry; the analytics screen then shows the article's view and
 * the enquiry it led to. No public page sets a cookie but the language one,
 * and nothing the site counts leaves it.
 */
const READER =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const SITE = new URL(E2E.baseUrl).origin;

/** A reader's own browser: every cookie a response sets and every address it asks, recorded. */
async function reader(browser: Browser) {
  const context = await browser.newContext({
    userAgent: READER,
    viewport: { width: 1280, height: 900 },
  });
  const page = await context.newPage();
  const setCookies: string[] = [];
  const elsewhere: string[] = [];
  const beacons: string[] = [];
  page.on('request', (request) => {
    const url = request.url();
    // An article's picture at another address is the editor's content, not
    // the site's code reaching out (other journeys publish such articles).
    const content = request.resourceType() === 'image';
    if (
      !url.startsWith('data:') &&
      !url.startsWith('blob:') &&
      new URL(url).origin !== SITE &&
      !content
    )
      elsewhere.push(url);
    if (url.includes('/api/analytics')) beacons.push(`${request.method()} ${request.postData()}`);
  });
  page.on('response', async (response) => {
    const header = await response.headerValue('set-cookie').catch(() => null);
    if (header) setCookies.push(...header.split('\n').map((c) => c.split('=')[0]!.trim()));
  });
  return { context, page, setCookies, elsewhere, beacons };
}

/** The analytics screen in `language`, at `width` px, signed in as the e2e admin. */
/**
 * The analytics screen at `width`, in `language`: English as the shared
 * admin reads it; another language as an admin of its own whose account
 * reads that one (a signed-in admin opens in the account's language, and
 * the shared admin's must stay English for the journeys beside this one).
 */
async function openAnalytics(browser: Browser, language: 'en' | 'pt' | 'de', width: number) {
  const viewport = { width, height: 900 };
  const context = await browser.newContext(
    language === 'en' ? { storageState: adminStatePath(), viewport } : { viewport },
  );
  if (language !== 'en') {
    const account = createAdmin(`analytics-${language}`);
    expect((await context.request.post('/api/auth/login', { data: account })).ok()).toBe(true);
    const saved = await context.request.put('/api/auth/profile', { data: { language } });
    expect(saved.ok()).toBe(true);
  }
  await context.addInitScript((lang) => localStorage.setItem('language', lang), language);
  const page = await context.newPage();
  await page.goto('/admin/analytics?days=7');
  await expect(page.getByTestId('analytics-page').first()).toBeVisible();
  return { context, page };
}

const rowOf = (page: Page, title: string) =>
  page.getByTestId('analytics-page').filter({ hasText: title });

test('a reader’s article, its call to action and enquiry show in the analytics screen', async ({
  browser,
}) => {
  const api = await adminApi();
  const slug = uniqueSlug('analytics-journey');
  const title = `Cobot welding cells ${slug.slice(-5)}`;
  await createArticle(api, { slug, title });

  const visitor = await reader(browser);
  await gotoHydrated(visitor.page, `/${slug}`);
  await expect(visitor.page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  const cta = visitor.page.getByTestId('article-cta');
  await cta.scrollIntoViewIfNeeded();
  await cta.getByRole('link', { name: 'Contact us' }).click();
  await expect(visitor.page).toHaveURL(new RegExp(`/contact\\?from=${slug}$`));
  // The contact page was shown by the site's script: reported once, as a page and a language.
  await expect.poll(() => visitor.beacons).toEqual(['POST {"page":"contact","language":"en"}']);
  const form = visitor.page.locator('form[novalidate]');
  await form.getByRole('textbox', { name: /^Name\b/ }).fill('Marta Reis');
  await form.getByRole('textbox', { name: /^Email\b/ }).fill(`marta.${slug}@example.pt`);
  await form
    .getByRole('textbox', { name: /^Message\b/ })
    .fill('We weld 400 frames a week and would like a cobot cell quoted.');
  await form.getByRole('button', { name: 'Send Message' }).click();
  await expect(visitor.page.locator('[data-sonner-toast]').first()).toContainText('Thank you');

  // Nothing to consent to: the only cookie is none at all (no language was chosen), nothing left the site.
  expect(visitor.setCookies.filter((name) => name !== 'language')).toEqual([]);
  expect((await visitor.context.cookies()).map((c) => c.name)).toEqual([]);
  expect(visitor.elsewhere).toEqual([]);
  await visitor.context.close();

  // The enquiry names the article it came from.
  const contacts = ((await (await api.get('/api/contacts')).json()) as { data: Contact[] }).data;
  const enquiry = contacts.find((c) => c.email === `marta.${slug}@example.pt`);
  expect(enquiry?.source_path).toBe(`/${slug}`);
  expect(enquiry?.source_title).toBe(title);

  const report = (
    (await (await api.get('/api/analytics?days=7')).json()) as {
      data: AnalyticsReport;
    }
  ).data;
  expect(report.pages.find((p) => p.path === `/${slug}`)).toMatchObject({
    title,
    views: 1,
    enquiries: 1,
  });

  for (const width of [1440, 390]) {
    const admin = await openAnalytics(browser, 'en', width);
    const row = rowOf(admin.page, title);
    await expect(row.getByRole('cell')).toHaveText(['1', '1']);
    await expect(admin.page.getByRole('heading', { name: 'Readers and enquiries' })).toBeVisible();
    await expect(
      admin.page.getByRole('img', { name: /page views in the last 7 days; busiest day/ }),
    ).toBeVisible();
    expect(await overflowingElements(admin.page)).toEqual([]);
    await admin.page.screenshot({
      path: test.info().outputPath(`analytics-en-${width}.png`),
      fullPage: true,
    });
    await admin.context.close();
  }
  await api.dispose();
});

for (const [language, heading, column] of [
  ['pt', 'Leitores e pedidos de contacto', 'Visualizações'],
  ['de', 'Leser und Anfragen', 'Aufrufe'],
] as const) {
  test(`the analytics screen speaks ${language} at 390 and 1440 px`, async ({ browser }) => {
    for (const width of [390, 1440]) {
      const admin = await openAnalytics(browser, language, width);
      await expect(admin.page.getByRole('heading', { name: heading })).toBeVisible();
      await expect(admin.page.getByRole('columnheader', { name: column })).toBeVisible();
      expect(await overflowingElements(admin.page)).toEqual([]);
      await admin.page.screenshot({
        path: test.info().outputPath(`analytics-${language}-${width}.png`),
        fullPage: true,
      });
      await admin.context.close();
    }
  });
}

test('no public page sets a cookie but the language one, and no request leaves the site', async ({
  browser,
}) => {
  const api = await adminApi();
  const slug = uniqueSlug('analytics-cookies');
  await createArticle(api, { slug });
  await api.dispose();
  const visitor = await reader(browser);
  for (const path of ['/', '/news', '/contact', '/privacy', `/${slug}`, '/no-such-page'])
    await gotoHydrated(visitor.page, path);
  // Inside the site: the news list, then back home, each reported by the page's script.
  await visitor.page.getByRole('link', { name: 'News' }).first().click();
  await expect(visitor.page).toHaveURL(/\/news$/);
  await expect.poll(() => visitor.beacons.length).toBeGreaterThan(0);
  expect(visitor.setCookies).toEqual([]);
  // A language address makes the language the visitor's choice: that cookie, and no other.
  await gotoHydrated(visitor.page, '/pt');
  expect([...new Set(visitor.setCookies)]).toEqual(['language']);
  expect((await visitor.context.cookies()).map((c) => c.name)).toEqual(['language']);
  expect(visitor.elsewhere).toEqual([]);
  await visitor.context.close();
});
