import { expect, test } from '@playwright/test';
import { seriousViolations } from '../../support/axe';
import { createAdmin, enableTwoFactor, enterPassword } from './accounts';
import { chooseAdminLanguage, openDashboard, ownAdmin } from './support';

test.describe('accessibility (axe-core)', () => {
  test('/login has no serious or critical violation', async ({ page }) => {
    await page.goto('/login');
    await expect(page.getByRole('heading', { name: 'Admin Login' })).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
  });

  test('the forgotten-password page, and an invitation link that no longer works, have no serious or critical violation', async ({
    page,
  }) => {
    await page.goto('/login/forgot');
    await expect(page.getByRole('heading', { name: 'Forgot your password?' })).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
    await page.goto('/login/invitation#no-such-invitation-token-0000');
    await expect(page.getByRole('alert')).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
  });

  test('the users and settings pages have no serious or critical violation', async ({ page }) => {
    await openDashboard(page);
    await page.goto('/admin/users');
    await expect(page.getByTestId('account-row').first()).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
    await page.goto('/admin/settings');
    await expect(
      page.getByRole('checkbox', { name: 'Require two-factor sign-in for everyone' }),
    ).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
  });

  test('the analytics page has no serious or critical violation', async ({ page }) => {
    await openDashboard(page);
    await page.goto('/admin/analytics?days=90');
    await expect(page.getByRole('heading', { name: 'Readers and enquiries' })).toBeVisible();
    await expect(page.getByRole('img', { name: /in the last 90 days/ })).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
  });

  test('/admin, both tabs and the dialogs, have no serious or critical violation', async ({
    page,
  }) => {
    // Five axe runs, the last over the Contacts tab holding every journey's enquiries.
    test.setTimeout(60_000);
    await openDashboard(page);
    await expect(page.getByRole('heading', { name: 'News Management' })).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);

    await page.getByRole('button', { name: 'Add News' }).click();
    await expect(page.getByRole('menu')).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByRole('menuitem', { name: 'Manually' }).click();
    await expect(page.getByRole('dialog')).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
    await page.keyboard.press('Escape');

    await page.getByRole('button', { name: 'Add News' }).click();
    const usingAi = page.getByRole('menuitem', { name: 'Using AI' });
    await expect(usingAi).toHaveAttribute('aria-disabled', 'false');
    await usingAi.click();
    await expect(page.getByRole('dialog', { name: 'AI Content Generation' })).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
    await page.keyboard.press('Escape');
    await expect(page.getByRole('dialog')).toBeHidden();

    await page.getByRole('tab', { name: /^Contacts/ }).click();
    await expect(page.getByRole('heading', { name: 'Contact Submissions' })).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
  });

  test('the account and audit pages, the setup dialog and the code step have no serious or critical violation', async ({
    page,
  }) => {
    test.setTimeout(120_000);
    // A session of its own: this journey signs out.
    await openDashboard(page, 'news', 'own');
    await page.goto('/admin/account');
    await expect(page.getByTestId('session').first()).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByRole('button', { name: 'Turn on' }).click();
    await expect(page.getByRole('dialog', { name: 'Turn on two-factor sign-in' })).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
    await page.keyboard.press('Escape');

    await page.goto('/admin/audit');
    await expect(page.getByTestId('audit-entry').first()).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);

    const account = createAdmin('a11y');
    await enableTwoFactor(account);
    await page.getByRole('button', { name: 'Logout' }).click();
    // Signed out first: a sign-in form filled while the sign-out was still on
    // its way was shown again, emptied, with "Your session has ended".
    await expect(page).toHaveURL(/\/login$/);
    await enterPassword(page, account);
    // A production-cost password check comes first.
    await expect(page.getByLabel('Authentication code')).toBeVisible({ timeout: 20_000 });
    expect(await seriousViolations(page)).toEqual([]);
  });

  test('the site texts page, with unsaved changes and its preview, has no serious or critical violation', async ({
    page,
  }) => {
    test.setTimeout(60_000);
    await openDashboard(page);
    await page.goto('/admin/texts');
    await expect(page.getByRole('heading', { name: 'Home: hero' })).toBeVisible();
    await expect(page.locator('iframe[title^="Preview of the page"]')).toBeVisible();
    // The preview is the public page, checked in tests/e2e/site/a11y.spec.ts.
    const outsidePreview = { exclude: 'iframe' };
    expect(await seriousViolations(page, undefined, outsidePreview)).toEqual([]);
    await page.getByRole('button', { name: /^Footer/ }).click();
    // A lost placeholder: the field is marked and described, the save bar says why it waits.
    await page.locator('#text-footer-copyright-pt').fill('© Forge Industrial');
    await expect(page.getByText('Fix the marked texts before saving.')).toBeVisible();
    expect(await seriousViolations(page, undefined, outsidePreview)).toEqual([]);
  });

  test('the tabs work with the keyboard', async ({ page }) => {
    await openDashboard(page);
    await page.getByRole('tab', { name: /^News/ }).focus();
    await page.keyboard.press('ArrowRight');
    await expect(page.getByRole('tab', { name: /^Pages/ })).toBeFocused();
    await page.keyboard.press('ArrowRight');
    await expect(page.getByRole('tab', { name: /^Contacts/ })).toBeFocused();
    await expect(page.getByRole('tab', { name: /^Contacts/ })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    await expect(page.getByRole('heading', { name: 'Contact Submissions' })).toBeVisible();
  });

  test('the dashboard speaks the chosen language', async ({ page }) => {
    await openDashboard(page, 'news', ownAdmin('a11y-language'));
    await chooseAdminLanguage(page, 'Language', 'pt');
    await expect(page.getByRole('heading', { name: 'Painel de administração' })).toBeVisible();
    await expect(page.getByRole('tab', { name: /^Notícias/ })).toBeVisible();
    expect(await page.evaluate(() => localStorage.getItem('language'))).toBe('pt');
    await page.reload();
    await expect(page.getByRole('heading', { name: 'Gestão de notícias' })).toBeVisible();
  });
});
