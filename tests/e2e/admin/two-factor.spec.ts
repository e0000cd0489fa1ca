import { expect, test } from '@playwright/test';
import { createAdmin, enableTwoFactor, enterPassword, totp } from './accounts';
import { toast } from './support';

/** A code one digit off a valid one. */
const otherCode = (code: string) => `${code.slice(0, 5)}${(Number(code[5]) + 5) % 10}`;

test.describe('two-factor sign-in', () => {
  // Each journey creates its admin with the CLI, and every password check costs a hash at the
  // production cost: on a busy machine that takes longer than the default 30 s.
  test.describe.configure({ timeout: 120_000 });

  test('asks for the code after the password, refuses a wrong one and takes a recovery code', async ({
    page,
  }) => {
    const account = createAdmin('tf-login');
    const { secret, codes } = await enableTwoFactor(account);

    await enterPassword(page, account);
    await expect(page.getByRole('heading', { name: 'Two-factor authentication' })).toBeVisible();
    const code = page.getByLabel('Authentication code');
    await expect(code).toBeFocused();
    await expect(code).toHaveAttribute('autocomplete', 'one-time-code');
    await expect(code).toHaveAttribute('inputmode', 'numeric');
    // Still signed out: the password alone opens nothing.
    expect((await page.request.get('/api/auth/profile')).status()).toBe(401);

    // The shape is checked before asking the server; a wrong code is the server's refusal.
    await code.fill('12345');
    await page.getByRole('button', { name: 'Verify' }).click();
    await expect(page.locator('#login-problem')).toBeVisible();
    await code.fill(otherCode(await totp(secret, 1)));
    await page.getByRole('button', { name: 'Verify' }).click();
    await expect(toast(page, 'Invalid or already used code')).toBeVisible();
    await expect(page.locator('#login-problem')).toHaveText('Invalid or already used code');

    await code.fill(await totp(secret, 1));
    await page.getByRole('button', { name: 'Verify' }).click();
    await expect(page).toHaveURL(/\/admin$/);
    await expect(toast(page, 'Login successful')).toBeVisible();
    await expect(page.getByText(`Welcome back, ${account.username}`)).toBeVisible();

    await page.getByRole('button', { name: 'Logout' }).click();
    await expect(page).toHaveURL(/\/login$/);

    // Lost phone: one of the recovery codes, once.
    await enterPassword(page, account);
    await page.getByRole('button', { name: 'Use a recovery code' }).click();
    const recovery = page.getByLabel('Recovery code');
    await expect(recovery).toBeFocused();
    await recovery.fill(codes[0]!);
    await page.getByRole('button', { name: 'Verify' }).click();
    await expect(page).toHaveURL(/\/admin$/);
    await expect(page.getByRole('heading', { name: 'Admin Dashboard' })).toBeVisible();
  });

  test('Back returns to the password with the username kept', async ({ page }) => {
    const account = createAdmin('tf-back');
    await enableTwoFactor(account);
    await enterPassword(page, account);
    await page.getByRole('button', { name: 'Back to username and password' }).click();
    await expect(page.getByLabel('Username')).toHaveValue(account.username);
    const password = page.getByLabel('Password', { exact: true });
    await expect(password).toHaveValue('');
    await expect(password).toBeFocused();
  });

  test('is turned on from the account page: key, first code, recovery codes; then off again', async ({
    page,
  }) => {
    const account = createAdmin('tf-setup');
    await enterPassword(page, account);
    await expect(page).toHaveURL(/\/admin$/);

    await page.getByRole('link', { name: 'Account' }).click();
    await expect(page).toHaveURL(/\/admin\/account$/);
    await expect(page.getByRole('heading', { name: 'Your account' })).toBeVisible();
    const status = page.getByTestId('two-factor-status');
    await expect(status).toHaveText('Two-factor sign-in is off');

    await page.getByRole('button', { name: 'Turn on' }).click();
    const dialog = page.getByRole('dialog', { name: 'Turn on two-factor sign-in' });
    await expect(dialog.getByText('Step 1 of 3')).toBeVisible();
    await dialog.getByLabel('Current password').fill('not-my-password');
    await dialog.getByRole('button', { name: 'Continue' }).click();
    await expect(toast(page, 'Current password is incorrect')).toBeVisible();
    await dialog.getByLabel('Current password').fill(account.password);
    await dialog.getByRole('button', { name: 'Continue' }).click();

    await expect(dialog.getByText('Step 2 of 3')).toBeVisible();
    const qr = dialog.getByRole('img', { name: 'QR code to scan with your authenticator app' });
    await expect(qr).toBeVisible();
    expect(await qr.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
    const key = (await dialog.getByTestId('two-factor-key').innerText()).replace(/\s+/g, '');
    expect(key).toMatch(/^[A-Z2-7]{16,}$/);

    await dialog.getByLabel('Code from the app').fill('12');
    await dialog.getByRole('button', { name: 'Turn on' }).click();
    await expect(
      dialog.getByText('Enter the 6-digit code from your authenticator app'),
    ).toBeVisible();
    await dialog.getByLabel('Code from the app').fill(await totp(key));
    await dialog.getByRole('button', { name: 'Turn on' }).click();

    await expect(dialog.getByText('Step 3 of 3')).toBeVisible();
    await expect(toast(page, 'Two-factor sign-in is on')).toBeVisible();
    const codes = await dialog.getByTestId('recovery-codes').getByRole('listitem').allInnerTexts();
    expect(codes).toHaveLength(10);
    for (const code of codes) expect(code).toMatch(/^[a-z0-9]{5}-[a-z0-9]{5}$/);
    // The codes are not let go of until the admin says they are stored.
    await dialog.getByRole('button', { name: 'Done' }).click();
    await expect(
      dialog.getByText('Please confirm that you have stored the recovery codes'),
    ).toBeVisible();
    await expect(dialog).toBeVisible();
    await dialog.getByLabel('I have stored my recovery codes in a safe place').check();
    await dialog.getByRole('button', { name: 'Done' }).click();
    await expect(dialog).toBeHidden();
    await expect(status).toHaveText('Two-factor sign-in is on');

    // The next sign-in asks for the code.
    await page.getByRole('button', { name: 'Logout' }).click();
    // Signed out first: a sign-in form filled while the sign-out was still on
    // its way was shown again, emptied, with "Your session has ended".
    await expect(page).toHaveURL(/\/login$/);
    await enterPassword(page, account);
    await page.getByLabel('Authentication code').fill(await totp(key, 1));
    await page.getByRole('button', { name: 'Verify' }).click();
    await expect(page).toHaveURL(/\/admin$/);

    // Off again, with the password and a recovery code.
    await page.goto('/admin/account');
    await page.getByRole('button', { name: 'Turn off' }).click();
    const off = page.getByRole('dialog', { name: 'Turn off two-factor sign-in' });
    await off.getByLabel('Current password').fill(account.password);
    await off.getByLabel('Code from your authenticator app or a recovery code').fill(codes[0]!);
    await off.getByRole('button', { name: 'Turn off' }).click();
    await expect(off).toBeHidden();
    await expect(toast(page, 'Two-factor sign-in is off')).toBeVisible();
    await expect(status).toHaveText('Two-factor sign-in is off');
  });
});
