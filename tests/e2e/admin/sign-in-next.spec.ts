import { expect, test } from '@playwright/test';
import { createAdmin, enableTwoFactor, totp } from './accounts';
import { createContact, unique } from './support';

/**
 * A link in an alert, reminder or assignment e-mail opened by someone who
 * must sign in first (signed out, or the session ended after its idle
 * hours): the login page keeps the address, through a reload and the
 * two-factor step, and signing in opens the enquiry it points to.
 */
test('an enquiry link opened signed out opens the enquiry once signed in, code step included', async ({
  page,
}) => {
  const account = createAdmin('linked');
  const { secret } = await enableTwoFactor(account);
  const name = unique('Linked after sign-in');
  const id = await createContact(page.request, {
    name,
    email: 'after-sign-in@example.com',
    message: 'The enquiry the alert e-mail points to, opened signed out.',
  });

  await page.goto(`/admin?tab=contacts&contact=${id}`);
  await expect(page).toHaveURL(
    `/login?next=${encodeURIComponent(`/admin?tab=contacts&contact=${id}`)}`,
  );
  // A reload of the login page keeps where the admin was going.
  await page.reload();
  await page.getByLabel('Username').fill(account.username);
  await page.getByLabel('Password', { exact: true }).fill(account.password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await page.getByLabel('Authentication code').fill(await totp(secret, 1));
  await page.getByRole('button', { name: 'Verify' }).click();

  // The enquiry is open: its card on the Contacts tab, focused (the link's parameter is then dropped).
  const card = page
    .getByTestId('contact-card')
    .filter({ has: page.getByRole('heading', { name, exact: true }) });
  await expect(card).toBeFocused();
  await expect(page).toHaveURL(/\/admin\?tab=contacts$/);
  await expect(page.getByRole('tab', { name: /^Contacts/ })).toHaveAttribute(
    'aria-selected',
    'true',
  );
});
