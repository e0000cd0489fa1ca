import { expect, test } from '@playwright/test';
import { E2E } from '../../support/e2e-env';
import { signIn, unique } from './support';

test.describe('audit log', () => {
  test('lists the sign-in just made, newest first, and filters by action', async ({ page }) => {
    // A refused attempt with a name nobody has: recorded as an unknown account, never by
    // what was typed (it may be a password typed into the wrong field).
    const stranger = unique('nobody').replace(' ', '-');
    const refused = await page.request.post('/api/auth/login', {
      data: { username: stranger, password: 'wrong-password' },
    });
    expect(refused.status()).toBe(401);

    await signIn(page);
    await page.getByRole('link', { name: 'Audit log' }).click();
    await expect(page).toHaveURL(/\/admin\/audit$/);
    await expect(page.getByRole('heading', { name: 'Audit log' })).toBeVisible();
    await expect(page).toHaveTitle('Audit log · Admin Dashboard');

    const table = page.getByRole('table', { name: /^Audit log, page 1 of \d+$/ });
    await expect(table.getByRole('columnheader')).toHaveText([
      'When',
      'Who',
      'Action',
      'On',
      'Details',
      'Address',
    ]);
    const newest = page.getByTestId('audit-entry').first();
    await expect(newest.getByRole('cell').nth(1)).toHaveText(E2E.admin.username);
    await expect(newest.getByRole('cell').nth(2)).toHaveText('Signed in');
    await expect(newest.getByRole('cell').nth(5)).toHaveText(
      /^(127\.0\.0\.1|::1|::ffff:127\.0\.0\.1)$/,
    );
    const when = newest.locator('time');
    const at = Date.parse((await when.getAttribute('datetime'))!);
    expect(Math.abs(Date.now() - at)).toBeLessThan(5 * 60_000);

    await page.getByLabel('Action').selectOption({ label: 'Sign-in failed' });
    await expect(page).toHaveURL(/\?action=auth\.login_failed$/);
    const failure = page
      .getByTestId('audit-entry')
      .filter({ hasText: 'Unknown account' })
      .filter({ hasText: 'Unknown username' })
      .first();
    await expect(failure.getByRole('cell').nth(1)).toHaveText('Unknown account');
    await expect(page.getByTestId('audit-entry').filter({ hasText: stranger })).toHaveCount(0);
    // Until the filtered page arrives, the previous one stays on screen.
    const actions = page.getByTestId('audit-entry').locator('td:nth-child(3)');
    await expect
      .poll(async () => [...new Set(await actions.allInnerTexts())])
      .toEqual(['Sign-in failed']);

    // The filter lives in the address: a reload keeps it.
    await page.reload();
    await expect(page.getByLabel('Action')).toHaveValue('auth.login_failed');
    await expect(failure).toBeVisible();
  });

  test('at 390 px a name in the Who column stays on one line', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await signIn(page);
    await page.goto('/admin/audit');
    const who = page.getByTestId('audit-entry').first().getByRole('cell').nth(1);
    await expect(who).toHaveText(E2E.admin.username);
    const lines = await who.evaluate((cell) => {
      const range = document.createRange();
      range.selectNodeContents(cell);
      return new Set([...range.getClientRects()].map((r) => Math.round(r.top))).size;
    });
    expect(lines).toBe(1);
  });

  test("an article's entries link to its page on the site while it is public", async ({ page }) => {
    await signIn(page);
    const title = unique('Audited article');
    const slug = title.toLowerCase().replace(/[^a-z0-9]+/g, '-');
    const write = (published: boolean) => ({
      title,
      excerpt: 'An article the audit log links to.',
      content: 'Its text.',
      category: 'Journeys',
      slug,
      published,
    });
    const created = await page.request.post('/api/news', { data: write(true) });
    expect(created.status()).toBe(201);
    const draft = await page.request.post('/api/news', {
      data: { ...write(false), title: `${title} draft`, slug: `${slug}-draft` },
    });
    expect(draft.status()).toBe(201);

    await page.goto('/admin/audit?action=article.created');
    const entry = (name: string) =>
      page
        .getByTestId('audit-entry')
        .filter({ has: page.getByRole('cell', { name, exact: true }) })
        .getByRole('cell')
        .nth(3);
    await expect(entry(`${title} draft`)).toHaveText(/^Article #\d+$/);
    await expect(entry(`${title} draft`).getByRole('link')).toHaveCount(0);
    await expect(entry(title).getByRole('link')).toHaveAttribute('href', `/${slug}`);
  });

  test('is for admins only: a signed-out visitor goes to /login', async ({ page }) => {
    await page.goto('/admin/audit');
    await expect(page).toHaveURL(/\/login\?next=%2Fadmin%2Faudit$/);
  });
});
