import {
  expect,
  request as requests,
  test,
  type APIRequestContext,
  type Browser,
  type Page,
} from '@playwright/test';
import path from 'node:path';
import knex from 'knex';
import { E2E } from '../../support/e2e-env';
import type { ReceivedMail } from '../../support/smtp-server';
import {
  startTeamServer,
  TEAM_ADMIN,
  TEAM_MAIL_FROM,
  type TeamServer,
} from '../../support/team-server';
import { toast } from '../admin/support';

/**
 * Enquiries answered where they arrive, on a server of its own that sends
 * real e-mail (to the SMTP server this file runs) and drafts with the fake
 * language model: a sales colleague answers a German enquiry with an AI
 * draft and the visitor gets the reply in the auto-reply's thread; the
 * admin gives an enquiry to him and he finds it under "mine"; the overdue
 * figure shows the overdue enquiries.
 */

test.describe.configure({ mode: 'serial', timeout: 120_000 });

let server: TeamServer;
let admin: APIRequestContext;
const sam = { email: 'sam.sales@forge.example', username: 'sam', password: 'sam-answers-2026' };
const visitor = { name: 'Jonas Weber', email: 'jonas@weber.example' };
const GERMAN =
  'Guten Tag, wir suchen eine Roboterzelle zum Palettieren von Getränkekisten. Können Sie uns ein Angebot machen?';

test.beforeAll(async () => {
  server = await startTeamServer({
    AUTO_REPLY: 'true',
    OPENAI_BASE_URL: `http://127.0.0.1:${E2E.llmPort}/v1`,
    OPENAI_API_KEY: 'e2e-key',
    OPENAI_MODEL: 'fake-model',
    RATE_LIMIT_AI: '100',
  });
  admin = await requests.newContext({ baseURL: server.url });
  const login = await admin.post('/api/auth/login', {
    data: { username: TEAM_ADMIN.username, password: TEAM_ADMIN.password },
  });
  expect(login.ok()).toBe(true);
  // Sam joins as a sales colleague through the e-mailed invitation (his address is confirmed so).
  const invited = await admin.post('/api/users/invitations', {
    data: { email: sam.email, role: 'sales' },
  });
  expect(invited.status()).toBe(201);
  const link = /#([A-Za-z0-9_-]+)/.exec((await mailTo(sam.email)).text)![1]!;
  const joiner = await requests.newContext({ baseURL: server.url });
  const joined = await joiner.post('/api/auth/invitation/accept', {
    data: { token: link, username: sam.username, password: sam.password },
  });
  expect(joined.status()).toBe(201);
  await joiner.dispose();
});
test.afterAll(async () => {
  await admin?.dispose();
  await server?.stop();
});

/** Mail to `address` so far. */
const mailsTo = (address: string) =>
  server.smtp.received.filter((m) => m.envelope.to.includes(address));

/** The newest e-mail to `address` once more than `after` have come (waits for it). */
async function mailTo(address: string, after = 0): Promise<ReceivedMail> {
  await expect.poll(() => mailsTo(address).length, { timeout: 20_000 }).toBeGreaterThan(after);
  return mailsTo(address).at(-1)!;
}

/** A browser of its own, signed in through the form. */
async function signedIn(
  browser: Browser,
  who: { username: string; password: string },
  width = 1440,
) {
  const context = await browser.newContext({
    baseURL: server.url,
    viewport: { width, height: 900 },
    timezoneId: 'Europe/Lisbon',
  });
  const page = await context.newPage();
  await page.goto('/login');
  await page.getByLabel('Username').fill(who.username);
  await page.getByLabel('Password', { exact: true }).fill(who.password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page).toHaveURL(/\/admin$/);
  return page;
}

async function enquiry(data: Record<string, string>): Promise<number> {
  const response = await admin.post('/api/contacts', { data });
  expect(response.status()).toBe(201);
  return ((await response.json()) as { data: { id: number } }).data.id;
}

const cardOf = (page: Page, name: string) =>
  page
    .getByTestId('contact-card')
    .filter({ has: page.getByRole('heading', { name, exact: true }) });

test('a sales colleague answers a German enquiry with an AI draft; the reply arrives in its thread', async ({
  browser,
}) => {
  await enquiry({ ...visitor, company: 'Weber Getränke GmbH', message: GERMAN, language: 'de' });
  const autoReply = await mailTo(visitor.email);
  expect(autoReply.header('auto-submitted')).toBe('auto-replied');
  const autoId = autoReply.header('message-id');
  expect(autoId).toMatch(/^<.+@.+>$/);

  const page = await signedIn(browser, sam);
  await page.goto('/admin?tab=contacts');
  const card = cardOf(page, visitor.name);
  await card.getByRole('button', { name: /^Reply/ }).click();
  const thread = card.getByRole('list', { name: 'Conversation' });
  await expect(thread.getByTestId('thread-entry')).toHaveCount(2);
  await expect(thread.getByTestId('thread-entry').nth(0)).toContainText(GERMAN);
  await expect(thread.getByTestId('thread-entry').nth(1)).toContainText('Auto-reply');

  // A note for the model (and colleagues), then the draft in German between the team's greeting and signature.
  await card
    .getByRole('textbox', { name: 'Note for colleagues' })
    .fill('Lieferung ab März möglich');
  await card.getByRole('button', { name: 'Add note' }).click();
  await expect(toast(page, 'Note added')).toBeVisible();
  await expect(thread.getByTestId('thread-entry')).toHaveCount(3);
  const editor = card.getByRole('textbox', { name: 'Your reply (in German)' });
  await expect(editor).toHaveValue(/^Guten Tag Jonas Weber,\n/);
  await card.getByRole('button', { name: 'Draft with AI' }).click();
  await expect(page.getByRole('alertdialog')).toHaveCount(0);
  await expect(editor).toHaveValue(/Gerne erstellen wir Ihnen ein Angebot\./);
  await expect(editor).toHaveValue(/Wie besprochen: Lieferung ab März möglich/);
  await expect(editor).toHaveValue(
    /^Guten Tag Jonas Weber,\n[\s\S]*Mit freundlichen Grüßen\nsam\n/,
  );
  await card.getByRole('button', { name: 'Send reply' }).click();
  await expect(toast(page, `Reply sent to ${visitor.email}`)).toBeVisible();
  await expect(card.getByTestId('reply-marker')).toHaveText('Replied');
  await expect(thread.getByTestId('thread-entry')).toHaveCount(4);
  const sent = thread.getByTestId('thread-entry').last();
  await expect(sent).toHaveAttribute('data-kind', 'reply');
  await expect(sent).toContainText('sam');
  await expect(sent.getByTestId('delivery-status')).toHaveText('Sent', { timeout: 20_000 });

  // The visitor's mailbox: in the thread of the auto-reply, answers going to Sam.
  const reply = await mailTo(visitor.email, 1);
  expect(reply.subject).toBe(`Re: ${autoReply.subject}`);
  expect(reply.header('in-reply-to')).toBe(autoId);
  expect(reply.header('references')).toBe(autoId);
  expect(reply.header('reply-to')).toContain(sam.email);
  expect(reply.header('from')).toContain('team@forge.example');
  expect(TEAM_MAIL_FROM).toContain('team@forge.example');
  expect(reply.header('auto-submitted')).toBeUndefined();
  expect(reply.text).toMatch(/^Guten Tag Jonas Weber,/);
  expect(reply.text).toContain('Gerne erstellen wir Ihnen ein Angebot.');
  expect(reply.text).toMatch(/schrieb Jonas Weber:\n> Guten Tag, wir suchen/);
  // The internal note is the model's brief, never the visitor's to read unless written into the reply.
  expect(reply.html).toContain('Gerne erstellen wir Ihnen ein Angebot.');
  await page.context().close();
});

test('the admin gives an enquiry to Sam, who is e-mailed and finds it under "mine"; Overdue filters', async ({
  browser,
}) => {
  const name = 'Ana Pereira';
  const id = await enquiry({
    name,
    email: 'ana@pereira.example',
    message: 'Gostaríamos de saber o preço de uma célula de soldadura.',
    language: 'pt',
  });
  const late = await enquiry({
    name: 'Late Larry',
    email: 'larry@late.example',
    message: 'Could you call me back about a welding cell?',
  });
  await backdate(late, 30);

  const boss = await signedIn(browser, TEAM_ADMIN);
  await boss.goto('/admin?tab=contacts');
  // Soonest due first by default: the overdue enquiry leads the list.
  await expect(boss.getByLabel('Order')).toHaveValue('due');
  await expect(boss.getByTestId('contact-card').first()).toContainText('Late Larry');
  await expect(boss.getByTestId('stat-overdue').locator('dd')).toHaveText('1');
  await boss.getByTestId('stat-overdue').getByRole('button', { name: 'Overdue' }).click();
  await expect(boss).toHaveURL(/reply=overdue/);
  await expect(boss.getByTestId('contact-card')).toHaveCount(1);
  await expect(boss.getByLabel('Reply', { exact: true })).toHaveValue('overdue');
  await boss.getByTestId('stat-overdue').getByRole('button', { name: 'Overdue' }).click();
  await expect(boss).not.toHaveURL(/reply=/);

  const before = mailsTo(sam.email).length;
  await cardOf(boss, name).getByLabel(`Handled by: ${name}`).selectOption({ label: 'sam' });
  await expect(toast(boss, 'Enquiry assigned to sam')).toBeVisible();
  const notice = await mailTo(sam.email, before);
  expect(notice.subject).toBe(`Enquiry assigned to you: ${name}`);
  expect(notice.text).toContain(
    `${TEAM_ADMIN.username} has assigned you the enquiry from ${name}.`,
  );
  expect(notice.text).toContain(`/admin?tab=contacts&contact=${id}`);

  const page = await signedIn(browser, sam, 390);
  await page.goto('/admin?tab=contacts');
  await page.getByLabel('Assigned to').selectOption({ label: 'Me' });
  await expect(page).toHaveURL(/assignee=me/);
  await expect(page.getByTestId('contact-card')).toHaveCount(1);
  await expect(cardOf(page, name).getByLabel(`Handled by: ${name}`)).toHaveValue(/\d+/);
  await expect(
    cardOf(page, name).getByLabel(`Handled by: ${name}`).locator('option:checked'),
  ).toHaveText('sam');
  await page.getByLabel('Assigned to').selectOption({ label: 'Nobody' });
  await expect(cardOf(page, name)).toHaveCount(0);
  await expect(cardOf(page, 'Late Larry')).toHaveCount(1);
  await page.context().close();
  await boss.context().close();
});

/** Makes an enquiry of the team server arrive `hours` ago, due 24 hours after. */
async function backdate(id: number, hours: number) {
  const db = knex({
    client: 'sqlite3',
    connection: { filename: path.join(server.dataDir, 'site.db') },
    useNullAsDefault: true,
    pool: {
      min: 1,
      max: 1,
      afterCreate: (conn: SqliteConnection, done: (err: Error | null, c: unknown) => void) =>
        conn.exec('PRAGMA busy_timeout = 5000', (err) => done(err, conn)),
    },
  });
  try {
    const created = new Date(Date.now() - hours * 3_600_000);
    await db('contacts')
      .where({ id })
      .update({
        created_at: created.toISOString(),
        due_at: new Date(created.getTime() + 24 * 3_600_000).toISOString(),
      });
  } finally {
    await db.destroy();
  }
}

type SqliteConnection = { exec(sql: string, cb: (err: Error | null) => void): void };
