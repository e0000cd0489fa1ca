import { expect, test, type Page } from '@playwright/test';
import type { Contact } from '#shared/contact';
import { E2E } from '../../support/e2e-env';
import { adminApi, gotoHydrated } from './site-support';

/**
 * A visitor who leaves the contact form and comes back (the privacy notice,
 * another language) finds what they typed, and what they send then is timed
 * from when they began: sent at once, with a link to their own site, it is
 * an enquiry, not spam (a fill time from the form's new render said "fast":
 * with the link, the spam threshold).
 */

/** Long enough that the fill time from the start is past the server's `fast` rule (4 s). */
const WRITING_MS = 4_500;

const box = (page: Page, label: string) =>
  page.getByRole('textbox', { name: new RegExp(`^${label}\\b`) });

/**
 * Types an enquiry about `product` with one link into the English form, taking a person's
 * while (a message of its own: the same one sent again counts as repeated).
 */
async function writeEnquiry(page: Page, product: string): Promise<string> {
  const name = `Ana Regresso ${Date.now().toString(36)}`;
  await gotoHydrated(page, '/contact?lang=en');
  await expect(page.locator('form[novalidate]')).toHaveCount(1);
  await box(page, 'Name').fill(name);
  await box(page, 'Email').fill('ana@metalurgica-norte.example');
  await box(page, 'Message').fill(
    `We need a quote for a ${product}; our parts are on https://www.metalurgica-norte.example/parts`,
  );
  await page.waitForTimeout(WRITING_MS);
  return name;
}

/** Presses Send at once; the fill time the form sent and the enquiry as the admin sees it. */
async function sendAtOnce(page: Page, button: string, name: string) {
  const [request, response] = await Promise.all([
    page.waitForRequest((r) => r.url() === `${E2E.baseUrl}/api/contacts` && r.method() === 'POST'),
    page.waitForResponse((r) => r.url() === `${E2E.baseUrl}/api/contacts`),
    page.getByRole('button', { name: button }).click(),
  ]);
  expect(response.status()).toBe(201);
  const { id } = ((await response.json()) as { data: { id: number } }).data;
  const api = await adminApi();
  const answer = await api.get(`/api/contacts/${id}`);
  expect(answer.ok()).toBe(true);
  const stored = ((await answer.json()) as { data: Contact }).data;
  await api.dispose();
  expect(stored.name).toBe(name);
  return { formMs: (request.postDataJSON() as { form_ms?: number }).form_ms, stored };
}

test('back from the privacy notice and sent at once: an enquiry timed from the start, not spam', async ({
  page,
}) => {
  const name = await writeEnquiry(page, 'welding cell');
  await page.getByRole('link', { name: 'How we handle your data' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Privacy notice' })).toBeVisible();
  await page.goBack();
  await expect(box(page, 'Name')).toHaveValue(name);

  const { formMs, stored } = await sendAtOnce(page, 'Send Message', name);
  expect(stored).toMatchObject({ spam: false, language: 'en' });
  expect(stored.spam_reasons).not.toContain('fast');
  expect(formMs).toBeGreaterThanOrEqual(WRITING_MS);
});

test('switched to German and sent at once: an enquiry timed from the start, not spam', async ({
  page,
}) => {
  const name = await writeEnquiry(page, 'palletising robot');
  await page.getByRole('button', { name: /Change language/ }).click();
  await page.getByRole('menuitemradio', { name: 'Deutsch' }).click();
  await expect(page).toHaveURL(/\/de\/contact/);
  await expect(box(page, 'Name')).toHaveValue(name);

  const { formMs, stored } = await sendAtOnce(page, 'Nachricht senden', name);
  expect(stored).toMatchObject({ spam: false, language: 'de' });
  expect(stored.spam_reasons).not.toContain('fast');
  expect(formMs).toBeGreaterThanOrEqual(WRITING_MS);
});

test('back on the contact page in a new page load and sent once it works: timed from the start, not spam', async ({
  page,
}) => {
  const name = await writeEnquiry(page, 'laser cutting line');
  // The page's loader puts the text back before any framework; the form takes it over.
  await gotoHydrated(page, '/de/contact');
  await expect(page.locator('form[novalidate]')).toHaveCount(1);
  await expect(box(page, 'Name')).toHaveValue(name);

  const { formMs, stored } = await sendAtOnce(page, 'Nachricht senden', name);
  expect(stored).toMatchObject({ spam: false, language: 'de' });
  expect(stored.spam_reasons).not.toContain('fast');
  expect(formMs).toBeGreaterThanOrEqual(WRITING_MS);
});
