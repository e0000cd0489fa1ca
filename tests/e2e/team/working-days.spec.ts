import { expect, test } from '@playwright/test';
import { PROJECT_ROOT } from '../../../server/project-root';
import path from 'node:path';
import { startTeamServer, TEAM_ADMIN, type TeamServer } from '../../support/team-server';
import { toast } from '../admin/support';

/**
 * The reply promise on the company's calendar: with the working-days rule
 * turned on in the settings, an enquiry that arrives on a Friday at 20:00
 * in Lisbon is due on Monday at 20:00, on the admin's card and in the
 * auto-reply the visitor gets. The server's clock is set to that Friday
 * (tests/support/shifted-clock.mjs) and so is the browser's.
 */

test.describe.configure({ timeout: 120_000 });

const FRIDAY_EVENING = '2026-11-27T20:00:00.000Z'; // Lisbon is on UTC in November.
let server: TeamServer;

test.beforeAll(async () => {
  server = await startTeamServer({
    AUTO_REPLY: 'true',
    NODE_OPTIONS: `--import ${path.join(PROJECT_ROOT, 'tests/support/shifted-clock.mjs')}`,
    SHIFTED_CLOCK_AT: FRIDAY_EVENING,
  });
});
test.afterAll(async () => {
  await server?.stop();
});

test('with working days on, an enquiry on Friday at 20:00 is due on Monday at 20:00', async ({
  browser,
}) => {
  const context = await browser.newContext({
    baseURL: server.url,
    viewport: { width: 1440, height: 900 },
    timezoneId: 'Europe/Lisbon',
  });
  const page = await context.newPage();
  await page.clock.install({ time: new Date(FRIDAY_EVENING) });
  await page.goto('/login');
  await page.getByLabel('Username').fill(TEAM_ADMIN.username);
  await page.getByLabel('Password', { exact: true }).fill(TEAM_ADMIN.password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page).toHaveURL(/\/admin$/);

  await page.goto('/admin/settings');
  await page.getByLabel('Count only working days towards the reply promise').check();
  await expect(page.getByLabel('Company time zone')).toHaveValue('Europe/Lisbon');
  await page.getByRole('button', { name: 'Save settings' }).click();
  await expect(toast(page, 'Settings saved')).toBeVisible();

  const sent = await page.request.post('/api/contacts', {
    data: {
      name: 'Friday Fiona',
      email: 'fiona@friday.example',
      message: 'We would like a quote for two welding cells before the new year.',
    },
  });
  expect(sent.status()).toBe(201);
  const { id } = ((await sent.json()) as { data: { id: number } }).data;

  await page.goto('/admin?tab=contacts');
  const card = page.getByTestId('contact-card').filter({ hasText: 'Friday Fiona' });
  const due = card.getByTestId('reply-line').locator('time');
  // Monday 30 November at 20:00 (the minutes the test took to get here aside).
  await expect(due).toHaveAttribute('datetime', /^2026-11-30T20:0\d/);
  await expect(due).toHaveAttribute('title', /^30\/11\/2026, 20:0\d$/);
  await expect(card.getByTestId('reply-line')).toHaveText('Reply due in 3 days');
  const detail = await page.request.get(`/api/contacts/${id}`);
  const contact = ((await detail.json()) as { data: { created_at: string; due_at: string } }).data;
  expect(contact.created_at).toMatch(/^2026-11-27T20:0\d/);
  expect(Date.parse(contact.due_at) - Date.parse(contact.created_at)).toBe(72 * 3_600_000);

  // The auto-reply names the day the reply is due, on the company's clock.
  const [autoReply] = await server.smtp.waitFor(1, 20_000);
  expect(autoReply!.envelope.to).toEqual(['fiona@friday.example']);
  expect(autoReply!.text).toMatch(
    /will reply to you personally by Monday,? 30 November,? (at )?20:0\d \(Western European/,
  );
  await context.close();
});
