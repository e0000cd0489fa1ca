import { expect, test, type Page } from '@playwright/test';
import { spawnInstance, type Instance } from '../../support/instances';
import { startSmtpServer, type TestSmtpServer } from '../../support/smtp-server';
import { TEST_ADMIN } from '../../support/test-app';
import { gotoHydrated, watchConsole } from '../site/site-support';
import { fillLogin } from './support';

/**
 * The marketing manager's monthly errand: a new phone number, changed in the
 * admin's site texts and seen at once on /contact, /de/contact, in the footer
 * and in the auto-reply a visitor gets. A server of its own (the shared one
 * sends no e-mail), with a real SMTP server beside it.
 */

const ENGLISH = '+44 20 7946 0000';
const GERMAN = '+49 30 1234 5678';

let smtp: TestSmtpServer;
let server: Instance;

test.beforeAll(async () => {
  smtp = await startSmtpServer();
  server = await spawnInstance({
    NODE_ENV: 'test',
    ADMIN_USERNAME: TEST_ADMIN.username,
    ADMIN_PASSWORD: TEST_ADMIN.password,
    SEED_DEMO: 'false',
    LOG_LEVEL: 'warn',
    SMTP_URL: smtp.url,
    MAIL_FROM: 'Forge Industrial <hello@forge.example>',
  });
  await server.ready;
});
test.afterAll(async () => {
  await server?.stop();
  await smtp?.close();
});

const phoneOn = (page: Page) => page.getByRole('main').getByRole('link', { name: /^\+\d/ }).first();

test('a new phone number shows on /contact, /de/contact, the footer and the auto-reply', async ({
  page,
}) => {
  test.setTimeout(90_000);
  const problems = watchConsole(page);
  await page.goto(`${server.url}/login`);
  await fillLogin(page, TEST_ADMIN.username, TEST_ADMIN.password);
  await expect(page).toHaveURL(/\/admin$/);

  await page.getByRole('link', { name: 'Site texts' }).click();
  await expect(page).toHaveURL(/\/admin\/texts$/);
  await page.getByRole('button', { name: /^Contact: details/ }).click();
  const row = page.getByRole('group', { name: /Phone number contact\.details\.phone/ });
  await row.getByRole('textbox', { name: 'English' }).fill(ENGLISH);
  await row.getByRole('textbox', { name: 'Deutsch' }).fill(GERMAN);
  // The preview follows the language typed in last, with the unsaved number.
  const preview = page.frameLocator('iframe[title="Preview of the page in German"]');
  await expect(preview.getByRole('main').getByText(GERMAN)).toBeVisible();
  await expect(page.getByText('2 unsaved changes')).toBeVisible();
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByText('Site texts saved. The website shows them now.')).toBeVisible();
  await expect(row.getByRole('textbox', { name: 'Deutsch' })).toHaveValue(GERMAN);

  // A visitor (no session) sees it on the next request, in each language.
  const visitor = await page.context().browser()!.newContext();
  const site = await visitor.newPage();
  await site.goto(`${server.url}/contact`);
  await expect(phoneOn(site)).toHaveText(ENGLISH);
  await expect(phoneOn(site)).toHaveAttribute('href', 'tel:+442079460000');
  await expect(site.getByRole('contentinfo').getByText(ENGLISH)).toBeVisible();
  await gotoHydrated(site, `${server.url}/de/contact`);
  await expect(phoneOn(site)).toHaveText(GERMAN);
  await expect(site.getByRole('contentinfo').getByText(GERMAN)).toBeVisible();
  // Switched in the browser, the English page gets its number too (the server's catalogue).
  await site.getByRole('button', { name: /Sprache/ }).click();
  await site.getByRole('menuitemradio', { name: 'English' }).click();
  await expect(site).toHaveURL(/\/en\/contact$/);
  await expect(phoneOn(site)).toHaveText(ENGLISH);
  await expect(site.getByRole('contentinfo').getByText(ENGLISH)).toBeVisible();

  // An enquiry in German: the auto-reply ends with the new number.
  await site.goto(`${server.url}/de/contact`);
  const box = (label: string) => site.getByRole('textbox', { name: new RegExp(`^${label}\\b`) });
  await box('Name').fill('Jonas Weber');
  await box('E-Mail').fill('jonas.weber@werk.example');
  await box('Nachricht').fill('Wir möchten unsere Schweißlinie automatisieren.');
  await site.getByRole('button', { name: 'Nachricht senden' }).click();
  await expect(site.getByText(/Vielen Dank/).first()).toBeVisible();
  const [reply] = await smtp.waitFor(1, 30_000);
  expect(reply!.envelope.to).toEqual(['jonas.weber@werk.example']);
  expect(reply!.text).toContain(GERMAN);
  expect(reply!.text).not.toContain('+351 220 145 870');
  expect(reply!.html).toContain('tel:+493012345678');
  await visitor.close();
  expect(problems.filter((p) => !/401/.test(p))).toEqual([]);
});
