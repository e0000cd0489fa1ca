import { expect, test, type Browser, type Page } from '@playwright/test';
import type { ReceivedMail } from '../../support/smtp-server';
import {
  startTeamServer,
  TEAM_ADMIN,
  TEAM_MAIL_FROM,
  type TeamServer,
} from '../../support/team-server';
import { totp } from '../admin/accounts';
import { toast } from '../admin/support';

/**
 * A team on a server of its own that sends real e-mail (to the SMTP server
 * this file runs): the admin invites an editor and a sales colleague, each
 * joins through the e-mailed link and sees only their part of the admin; a
 * deactivated colleague is thrown out at their next click; a forgotten
 * password is reset through the e-mailed link, with two-factor sign-in still
 * asked afterwards.
 */

// Each journey is several people's whole errand, through real e-mail: longer than one page's test.
test.describe.configure({ mode: 'serial', timeout: 120_000 });

let server: TeamServer;
const editor = {
  email: 'erika.editor@example.com',
  username: 'erika',
  password: 'erika-writes-2026',
};
const sales = { email: 'sam.sales@example.com', username: 'sam', password: 'sam-answers-2026' };
let salesKey = '';

test.beforeAll(async () => {
  server = await startTeamServer();
});
test.afterAll(async () => {
  await server?.stop();
});

/** A browser of its own (its own cookies) on the team server. */
async function person(browser: Browser, width = 1280): Promise<Page> {
  const context = await browser.newContext({
    baseURL: server.url,
    viewport: { width, height: 900 },
  });
  return context.newPage();
}

async function signIn(page: Page, username: string, password: string) {
  await page.goto('/login');
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign In' }).click();
}

/** The newest e-mail to `address` (waits for it). */
async function mailTo(address: string, after = 0): Promise<ReceivedMail> {
  await expect
    .poll(() => server.smtp.received.filter((m) => m.envelope.to.includes(address)).length, {
      timeout: 15_000,
    })
    .toBeGreaterThan(after);
  return server.smtp.received.filter((m) => m.envelope.to.includes(address)).at(-1)!;
}

/** A mailed link: the page, the e-mail's language, the token after `#`. */
const linkIn = (mail: ReceivedMail) =>
  /(http:\/\/\S+\/login\/[a-z-]+\?lang=[a-z]{2}#[A-Za-z0-9_-]+)/.exec(mail.text)![1]!;

const navLinks = (page: Page) =>
  page.getByRole('navigation', { name: 'Admin pages' }).getByRole('link').allInnerTexts();

test('the admin invites an editor and a sales colleague by e-mail; each joins and sees only their part', async ({
  browser,
}) => {
  const admin = await person(browser);
  await signIn(admin, TEAM_ADMIN.username, TEAM_ADMIN.password);
  await expect(admin).toHaveURL(/\/admin$/);
  await admin.getByRole('link', { name: 'Users' }).click();
  await expect(admin.getByRole('heading', { name: 'Users', exact: true })).toBeVisible();

  for (const [who, role] of [
    [editor, 'Editor'],
    [sales, 'Sales'],
  ] as const) {
    await admin.getByLabel('E-mail address').fill(who.email);
    await admin.getByLabel('Role', { exact: true }).selectOption({ label: role });
    await admin.getByRole('button', { name: 'Send invitation' }).click();
    await expect(toast(admin, `Invitation sent to ${who.email}`)).toBeVisible();
  }
  const pending = admin.getByTestId('invitations');
  await expect(pending.getByRole('listitem')).toHaveCount(2);

  // The e-mails: from MAIL_FROM, in the admin's language, with a link that works once for 72 hours.
  const invited = await mailTo(editor.email);
  expect(invited.header('from')).toContain('team@forge.example');
  expect(TEAM_MAIL_FROM).toContain('team@forge.example');
  expect(invited.subject).toBe(`${TEAM_ADMIN.username} invites you to the Forge Industrial admin`);
  expect(invited.text).toContain('as Editor');
  expect(invited.text).toContain('once and for 72 hours, until');
  expect(invited.html).toContain('Accept the invitation');

  // The editor joins, skips two-factor for now, and sees the content side only.
  const erika = await person(browser);
  await erika.goto(linkIn(invited));
  await expect(erika.getByTestId('invitation-offer')).toContainText('as Editor');
  await expect(erika.getByTestId('invitation-offer')).toContainText(editor.email);
  // The token is not left in the address bar.
  expect(new URL(erika.url()).hash).toBe('');
  await erika.getByLabel('Username').fill(editor.username);
  await erika.getByLabel('New password', { exact: true }).fill('password1234');
  await erika.getByLabel('Repeat the new password').fill('password1234');
  await erika.getByRole('button', { name: 'Create my account' }).click();
  await expect(erika.getByText('This password is one of the most common ones')).toBeVisible();
  await erika.getByLabel('New password', { exact: true }).fill(editor.password);
  await erika.getByLabel('Repeat the new password').fill(editor.password);
  await erika.getByRole('button', { name: 'Create my account' }).click();
  await expect(erika.getByRole('heading', { name: `Welcome, ${editor.username}` })).toBeVisible();
  await erika.getByRole('button', { name: 'Later, go to the admin' }).click();
  await expect(erika).toHaveURL(/\/admin$/);
  await expect(erika.getByRole('heading', { name: 'News Management' })).toBeVisible();
  expect(await navLinks(erika)).toEqual([
    'Dashboard',
    'Analytics',
    'Site texts',
    'Media',
    'Account',
  ]);
  await expect(erika.getByRole('tab', { name: /Contacts/ })).toHaveCount(0);
  await expect(erika.getByRole('button', { name: 'Add News' })).toBeVisible();
  await erika.goto('/admin/users');
  await expect(erika.getByRole('heading', { name: 'Not available to your role' })).toBeVisible();

  // The sales colleague joins and turns two-factor sign-in on at once.
  const sam = await person(browser, 390);
  await sam.goto(linkIn(await mailTo(sales.email)));
  await expect(sam.getByTestId('invitation-offer')).toContainText('as Sales');
  await sam.getByLabel('Username').fill(sales.username);
  await sam.getByLabel('New password', { exact: true }).fill(sales.password);
  await sam.getByLabel('Repeat the new password').fill(sales.password);
  await sam.getByRole('button', { name: 'Create my account' }).click();
  await sam.getByRole('button', { name: 'Set up two-factor sign-in' }).click();
  const dialog = sam.getByRole('dialog', { name: 'Turn on two-factor sign-in' });
  await dialog.getByLabel('Current password').fill(sales.password);
  await dialog.getByRole('button', { name: 'Continue' }).click();
  salesKey = (await dialog.getByTestId('two-factor-key').innerText()).replace(/\s+/g, '');
  await dialog.getByLabel('Code from the app').fill(await totp(salesKey));
  await dialog.getByRole('button', { name: 'Turn on' }).click();
  await dialog.getByLabel('I have stored my recovery codes in a safe place').check();
  await dialog.getByRole('button', { name: 'Done' }).click();
  // Sales lands on the enquiries, reads the articles without changing them, and manages nothing else.
  await expect(sam).toHaveURL(/\/admin$/);
  await expect(sam.getByRole('tab', { name: /Contacts/ })).toHaveAttribute('aria-selected', 'true');
  expect(await navLinks(sam)).toEqual(['Dashboard', 'Account']);
  await sam.getByRole('tab', { name: /News/ }).click();
  await expect(sam.getByRole('heading', { name: 'News Management' })).toBeVisible();
  await expect(sam.getByRole('button', { name: 'Add News' })).toHaveCount(0);
  await expect(sam.getByRole('button', { name: /^Edit/ })).toHaveCount(0);
  await sam.screenshot({ path: test.info().outputPath('sales-390.png'), fullPage: true });

  // The admin sees both accounts and no invitation left waiting.
  await admin.reload();
  await expect(admin.getByText('No invitations are waiting to be accepted.')).toBeVisible();
  const rows = admin.getByTestId('account-row');
  await expect(rows).toHaveCount(3);
  await expect(rows.filter({ hasText: sales.username })).toContainText('Two-factor on');
  await expect(rows.filter({ hasText: editor.username })).toContainText(editor.email);
  await admin.screenshot({ path: test.info().outputPath('users-1280.png'), fullPage: true });
  await erika.context().close();
  await sam.context().close();
  await admin.context().close();
});

test('a deactivated colleague is thrown out at the next click', async ({ browser }) => {
  const erika = await person(browser);
  await signIn(erika, editor.username, editor.password);
  await expect(erika).toHaveURL(/\/admin$/);

  const admin = await person(browser);
  await signIn(admin, TEAM_ADMIN.username, TEAM_ADMIN.password);
  await expect(admin).toHaveURL(/\/admin$/);
  await admin.goto('/admin/users');
  const row = admin.getByTestId('account-row').filter({ hasText: editor.username });
  await row.getByRole('button', { name: /^Deactivate/ }).click();
  await admin.getByRole('alertdialog').getByRole('button', { name: 'Deactivate' }).click();
  await expect(
    toast(admin, `${editor.username} is deactivated and has been signed out`),
  ).toBeVisible();
  await expect(row).toContainText('Deactivated');

  await erika.getByRole('link', { name: 'Site texts' }).click();
  await expect(erika).toHaveURL(/\/login\?next=%2Fadmin%2Ftexts$/);
  await expect(erika.getByText('Your session has ended. Please sign in again.')).toBeVisible();
  await signIn(erika, editor.username, editor.password);
  await expect(toast(erika, 'This account has been deactivated')).toBeVisible();

  await row.getByRole('button', { name: /^Reactivate/ }).click();
  await expect(row).toContainText('Active');
  await signIn(erika, editor.username, editor.password);
  await expect(erika).toHaveURL(/\/admin$/);
  await erika.context().close();
  await admin.context().close();
});

test('a forgotten password is reset through the e-mailed link; two-factor sign-in still applies', async ({
  browser,
}) => {
  const sam = await person(browser);
  await sam.goto('/login');
  await sam.getByRole('link', { name: 'Forgot your password?' }).click();
  await expect(sam).toHaveURL(/\/login\/forgot$/);
  const before = server.smtp.received.filter((m) => m.envelope.to.includes(sales.email)).length;
  await sam.getByLabel('E-mail address').fill(sales.email);
  await sam.getByRole('button', { name: 'Send the link' }).click();
  await expect(sam.getByTestId('reset-sent')).toContainText(`If an account uses ${sales.email}`);

  const mail = await mailTo(sales.email, before);
  expect(mail.subject).toBe('Reset your password – Forge Industrial');
  expect(mail.text).toContain(`account ${sales.username}`);
  expect(mail.text).toContain('once and for one hour, until');
  await sam.goto(linkIn(mail));
  await expect(sam.getByRole('heading', { name: 'Choose a new password' })).toBeVisible();
  // A fresh link is checked on opening (without using it up) and shows the form.
  await expect(sam.getByLabel('New password', { exact: true })).toBeVisible();
  await expect(sam.getByRole('alert')).toHaveCount(0);
  const fresh = 'sam-new-password-2027';
  await sam.getByLabel('New password', { exact: true }).fill(fresh);
  await sam.getByLabel('Repeat the new password').fill('something-else-2027');
  await sam.getByRole('button', { name: 'Save the new password' }).click();
  await expect(sam.getByText('The passwords do not match')).toBeVisible();
  await sam.getByLabel('Repeat the new password').fill(fresh);
  await sam.getByRole('button', { name: 'Save the new password' }).click();
  await expect(sam).toHaveURL(/\/login$/);
  await expect(sam.getByText('Your password has been changed. Sign in with it now.')).toBeVisible();

  // The old password is gone; the new one still needs the second factor.
  await signIn(sam, sales.username, sales.password);
  await expect(toast(sam, 'Invalid username or password')).toBeVisible();
  await signIn(sam, sales.username, fresh);
  await sam.getByLabel('Authentication code').fill(await totp(salesKey, 1));
  await sam.getByRole('button', { name: 'Verify' }).click();
  await expect(sam).toHaveURL(/\/admin$/);

  // The link worked once: opened again, it says so at once, with no form to fill in first,
  // and leads to asking for a new one.
  await sam.goto(linkIn(mail));
  await expect(sam.getByRole('alert')).toHaveText(
    'This password reset link is not valid any more: it has been used or has expired. Ask for a new one.',
  );
  await expect(sam.getByLabel('New password', { exact: true })).toHaveCount(0);
  await expect(sam.getByRole('button', { name: 'Save the new password' })).toHaveCount(0);
  await expect(sam.getByRole('link', { name: 'Ask for a new link' })).toHaveAttribute(
    'href',
    '/login/forgot',
  );
  // In the language the page is read in.
  await sam.goto(linkIn(mail).replace('?lang=en#', '?lang=pt#'));
  await expect(sam.getByRole('alert')).toHaveText(
    'Esta ligação para redefinir a palavra-passe já não é válida: foi usada ou expirou. Peça uma nova.',
  );
  await expect(sam.getByLabel('Nova palavra-passe', { exact: true })).toHaveCount(0);
  await sam.getByRole('link', { name: 'Pedir uma nova ligação' }).click();
  await expect(sam).toHaveURL(/\/login\/forgot$/);
  await sam.context().close();
});
