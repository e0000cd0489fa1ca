import { expect, request as playwrightRequest, test, type Page } from '@playwright/test';
import { E2E } from '../../support/e2e-env';
import { createAdmin } from './accounts';
import { giveAdminSession, toast } from './support';

/**
 * An admin who stops being able to invite (a role without the right,
 * deactivated, deleted) has the invitations it sent withdrawn by the server
 * (decision 030, amended). The users page says so before the change: the
 * question counts them, a role change without them stays immediate.
 */

/** A fresh admin that sends `count` invitations through the API with a session of its own. */
async function adminWithInvitations(prefix: string, count: number) {
  const sender = createAdmin(prefix);
  const emails: string[] = [];
  const api = await playwrightRequest.newContext({ baseURL: E2E.baseUrl });
  try {
    expect((await api.post('/api/auth/login', { data: sender })).ok()).toBe(true);
    for (let i = 0; i < count; i++) {
      const email = `${sender.username}-${i}@example.com`;
      const sent = await api.post('/api/users/invitations', { data: { email, role: 'editor' } });
      expect(sent.status()).toBe(201);
      emails.push(email);
    }
  } finally {
    await api.dispose();
  }
  return { ...sender, emails };
}

async function openUsers(page: Page) {
  await giveAdminSession(page);
  await page.goto('/admin/users');
  await expect(page.getByTestId('account-row').first()).toBeVisible();
}

const invitationsTo = (page: Page, emails: string[]) =>
  page
    .getByTestId('invitations')
    .getByRole('listitem')
    .filter({ hasText: new RegExp(emails.map((e) => e.replace(/[.]/g, '\\.')).join('|')) });

const accountRow = (page: Page, username: string) =>
  page.getByTestId('account-row').filter({ hasText: username });

test('making an admin an editor asks first, saying its pending invitation will be withdrawn', async ({
  page,
}) => {
  const sender = await adminWithInvitations('demoted', 1);
  await openUsers(page);
  const invitation = invitationsTo(page, sender.emails);
  await expect(invitation).toContainText(`invited by ${sender.username}`);
  const role = accountRow(page, sender.username).getByLabel(`Role of ${sender.username}`);

  await role.selectOption('editor');
  const dialog = page.getByRole('alertdialog');
  await expect(dialog).toContainText(
    `Change the role of ${sender.username} to Editor? This role cannot invite colleagues. ` +
      '1 pending invitation they sent will be withdrawn; its link stops working.',
  );
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();
  await expect(role).toHaveValue('admin');
  // Nothing was asked of the server: after a reload the role and the invitation are still there.
  await page.reload();
  await expect(role).toHaveValue('admin');
  await expect(invitation).toHaveCount(1);

  await role.selectOption('editor');
  await dialog.getByRole('button', { name: 'Change role' }).click();
  await expect(toast(page, `${sender.username} is now Editor`)).toContainText(
    '1 pending invitation withdrawn',
  );
  await expect(dialog).toBeHidden();
  await expect(role).toHaveValue('editor');
  await expect(invitation).toHaveCount(0);
});

test('an admin without pending invitations is asked about a new role too, without a count', async ({
  page,
}) => {
  const other = createAdmin('no-invites');
  await openUsers(page);
  const role = accountRow(page, other.username).getByLabel(`Role of ${other.username}`);
  await role.selectOption('sales');
  const dialog = page.getByRole('alertdialog');
  await expect(dialog).toContainText(
    `Change the role of ${other.username} to Sales? This role cannot invite colleagues.`,
  );
  await expect(dialog).not.toContainText('withdrawn');
  await dialog.getByRole('button', { name: 'Change role' }).click();
  await expect(toast(page, `${other.username} is now Sales`)).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(role).toHaveValue('sales');
});

test('deactivating an admin says how many of its pending invitations will be withdrawn', async ({
  page,
}) => {
  const sender = await adminWithInvitations('deactivated', 2);
  await openUsers(page);
  const invitations = invitationsTo(page, sender.emails);
  await expect(invitations).toHaveCount(2);
  const row = accountRow(page, sender.username);

  await row.getByRole('button', { name: /^Deactivate/ }).click();
  const dialog = page.getByRole('alertdialog');
  await expect(dialog).toContainText(
    `Deactivate ${sender.username}? They are signed out at once and cannot sign in until an ` +
      'administrator reactivates the account. 2 pending invitations they sent will be ' +
      'withdrawn; their links stop working.',
  );
  await dialog.getByRole('button', { name: 'Deactivate' }).click();
  await expect(toast(page, `${sender.username} is deactivated`)).toContainText(
    '2 pending invitations withdrawn',
  );
  await expect(row).toContainText('Deactivated');
  await expect(invitations).toHaveCount(0);

  // Its invitations are gone: deleting it now says nothing about invitations.
  await row.getByRole('button', { name: /^Delete/ }).click();
  await expect(dialog).toContainText(`Delete ${sender.username} for good?`);
  await expect(dialog).not.toContainText('invitation');
  await dialog.getByRole('button', { name: 'Cancel' }).click();
});
