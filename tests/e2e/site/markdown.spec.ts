import { expect, test } from '@playwright/test';
import { adminApi, createArticle, uniqueSlug } from './site-support';

test('article markdown never runs HTML or javascript: links', async ({ page }) => {
  const api = await adminApi();
  const slug = uniqueSlug('unsafe');
  await createArticle(api, {
    slug,
    content:
      'Before <script>alert(1)</script> after\n\n[x](javascript:alert(1)) and [safe](https://example.com)',
  });
  await api.dispose();

  let dialogs = 0;
  page.on('dialog', async (dialog) => {
    dialogs++;
    await dialog.dismiss();
  });
  await page.goto(`/${slug}`);
  const body = page.locator('.markdown-body');
  await expect(body).toContainText('<script>alert(1)</script>');
  await expect(body.locator('script')).toHaveCount(0);
  await expect(body.locator('a[href^="javascript"]')).toHaveCount(0);
  const safe = body.getByRole('link', { name: 'safe' });
  await expect(safe).toHaveAttribute('href', 'https://example.com');
  await expect(safe).toHaveAttribute('target', '_blank');
  await expect(safe).toHaveAttribute('rel', 'noopener noreferrer');
  await expect(body.getByText('x', { exact: true })).toBeVisible();
  expect(await body.getByRole('link', { name: 'x', exact: true }).count()).toBe(0);
  expect(dialogs).toBe(0);
});
