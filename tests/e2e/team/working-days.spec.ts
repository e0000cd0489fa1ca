import { expect, test } from '@playwright/test';
import { PROJECT_ROOT } from '../../../server/project-root';
import path from 'node:path';
import { holidaysOf, PORTUGAL_HOLIDAYS } from '../../../shared/work-calendar';
import { startTeamServer, TEAM_ADMIN, type TeamServer } from '../../support/team-server';
import { toast } from '../admin/support';

/**
 * The reply promise on the company's calendar: with the working-days rule
 * turned on in the settings, an enquiry that arrives on a Friday at 20:00
 * in Lisbon is due on Monday at 20:00, on the admin's card and in the
 * auto-reply the visitor gets. The server's clock is set to that Friday
 * (tests/support/shifted-clock.mjs) and so is the browser's.
 *
 * The Friday lies ahead of the real date, never behind it: the session
 * cookie's `Expires` comes from the server's (shifted) clock and the
 * browser judges it by its real one, so a Friday in the past signs no one
 * in (a fixed 27 November 2026 failed from the next morning on).
 */

test.describe.configure({ timeout: 120_000 });

const DAY_MS = 24 * 3_600_000;

/**
 * The first Friday at 20:00 in Lisbon after tomorrow while Lisbon is on UTC
 * (November to February), with neither that Friday nor the Monday after it
 * a Portuguese holiday.
 */
function nextWinterFriday(): Date {
  const day = new Date();
  day.setUTCHours(20, 0, 0, 0);
  day.setUTCDate(day.getUTCDate() + 2);
  const isoDay = (d: Date) => d.toISOString().slice(0, 10);
  const holiday = (d: Date) => holidaysOf(PORTUGAL_HOLIDAYS, d.getUTCFullYear()).has(isoDay(d));
  for (;;) {
    const monday = new Date(day.getTime() + 3 * DAY_MS);
    const winter = [10, 11, 0, 1].includes(day.getUTCMonth());
    if (day.getUTCDay() === 5 && winter && !holiday(day) && !holiday(monday)) return day;
    day.setUTCDate(day.getUTCDate() + 1);
  }
}

const FRIDAY_EVENING = nextWinterFriday().toISOString(); // Lisbon is on UTC then.
const MONDAY = new Date(Date.parse(FRIDAY_EVENING) + 3 * DAY_MS);
const mondayIso = MONDAY.toISOString().slice(0, 10);
const mondayGb = MONDAY.toLocaleDateString('en-GB', { timeZone: 'UTC' }); // 30/11/2026
const mondayWords = MONDAY.toLocaleDateString('en-GB', {
  timeZone: 'UTC',
  day: 'numeric',
  month: 'long',
}); // 30 November
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
  // The Monday at 20:00 (the minutes the test took to get here aside).
  await expect(due).toHaveAttribute('datetime', new RegExp(`^${mondayIso}T20:0\\d`));
  await expect(due).toHaveAttribute('title', new RegExp(`^${mondayGb}, 20:0\\d$`));
  await expect(card.getByTestId('reply-line')).toHaveText('Reply due in 3 days');
  const detail = await page.request.get(`/api/contacts/${id}`);
  const contact = ((await detail.json()) as { data: { created_at: string; due_at: string } }).data;
  expect(contact.created_at).toMatch(new RegExp(`^${FRIDAY_EVENING.slice(0, 10)}T20:0\\d`));
  expect(Date.parse(contact.due_at) - Date.parse(contact.created_at)).toBe(72 * 3_600_000);

  // The auto-reply names the day the reply is due, on the company's clock.
  const [autoReply] = await server.smtp.waitFor(1, 20_000);
  expect(autoReply!.envelope.to).toEqual(['fiona@friday.example']);
  expect(autoReply!.text).toMatch(
    new RegExp(
      `will reply to you personally by Monday,? ${mondayWords},? (at )?20:0\\d \\(Western European`,
    ),
  );
  await context.close();
});
