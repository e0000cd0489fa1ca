import { expect, test } from '@playwright/test';
import { gotoHydrated } from './site-support';

test('the language menu works by mouse and keyboard and closes on Escape and outside click', async ({
  page,
}) => {
  await gotoHydrated(page, '/');
  const button = page.getByRole('button', { name: /Change language/ });
  await button.click();
  await expect(page.getByRole('menu')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('menu')).toBeHidden();
  await expect(button).toBeFocused();

  await button.click();
  await page.getByRole('heading', { level: 1 }).click();
  await expect(page.getByRole('menu')).toBeHidden();

  await button.focus();
  await page.keyboard.press('ArrowDown');
  await expect(page.getByRole('menuitemradio', { name: 'English' })).toBeFocused();
  await page.keyboard.press('ArrowDown');
  await expect(page.getByRole('menuitemradio', { name: 'Português' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(
    'Máquinas inteligentes para as fábricas do futuro',
  );
  await expect(page.locator('html')).toHaveAttribute('lang', 'pt');
});

test('a chosen language survives a reload and the server renders it', async ({ page, context }) => {
  await gotoHydrated(page, '/news');
  await page.getByRole('button', { name: /Change language/ }).click();
  await page.getByRole('menuitemradio', { name: 'Deutsch' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Neuigkeiten und Innovationen');
  expect(await page.evaluate(() => localStorage.getItem('language'))).toBe('de');
  const cookie = (await context.cookies()).find((c) => c.name === 'language');
  expect(cookie?.value).toBe('de');

  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('lang', 'de');
  await expect(
    page
      .getByRole('navigation', { name: 'Hauptnavigation' })
      .getByRole('link', { name: 'Startseite' }),
  ).toBeVisible();

  const html = await (
    await page.request.get('/news', { headers: { Cookie: 'language=de' } })
  ).text();
  expect(html).toContain('<html lang="de">');
  expect(html).toContain('Neuigkeiten und Innovationen');
});

test('?lang= overrides the stored choice and unknown values fall back to English', async ({
  page,
}) => {
  const german = await page.request.get('/contact?lang=de', { headers: { Cookie: 'language=pt' } });
  expect(await german.text()).toContain('<html lang="de">');
  // Arriving on ?lang= makes it the visitor's choice (the cookie); start again without one.
  expect(german.headers()['set-cookie']).toMatch(/^language=de;/);
  await page.context().clearCookies();
  const unknown = await page.request.get('/?lang=xx');
  expect(await unknown.text()).toContain('<html lang="en">');

  await page.goto('/?lang=pt');
  await expect(
    page
      .getByRole('navigation', { name: 'Navegação principal' })
      .getByRole('link', { name: 'Início' }),
  ).toBeVisible();
  await expect(
    page
      .getByRole('navigation', { name: 'Navegação principal' })
      .getByRole('link', { name: 'Início' }),
  ).toHaveAttribute('aria-current', 'page');
});

test('a stored choice without a cookie is applied right after hydration', async ({ page }) => {
  await page.goto('/');
  await page.evaluate(() => localStorage.setItem('language', 'pt'));
  await page.context().clearCookies();
  await page.reload();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(
    'Máquinas inteligentes para as fábricas do futuro',
  );
  await expect(page.locator('html')).toHaveAttribute('lang', 'pt');
  const cookie = (await page.context().cookies()).find((c) => c.name === 'language');
  expect(cookie?.value).toBe('pt');
});
