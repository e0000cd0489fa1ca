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

test('code reads light on dark in a block, dark on light inline', async ({ page }) => {
  const api = await adminApi();
  const slug = uniqueSlug('code');
  await createArticle(api, {
    slug,
    content: 'Home the axes with `G28` first:\n\n```\nG28 X0 Y0\nM3 S1000\n```',
  });
  await api.dispose();

  await page.goto(`/${slug}`);
  const body = page.locator('.markdown-body');
  // Each colour as its lightness (0-255), read through a canvas: styles may name oklch().
  const colours = (selector: string) =>
    body.locator(selector).evaluate((code) => {
      const lightness = (colour: string) => {
        const canvas = document.createElement('canvas');
        canvas.width = canvas.height = 1;
        const context = canvas.getContext('2d')!;
        context.fillStyle = colour;
        context.fillRect(0, 0, 1, 1);
        const [r, g, b] = context.getImageData(0, 0, 1, 1).data;
        return (r! + g! + b!) / 3;
      };
      // The ground the text is read on: the nearest element that paints one.
      let ground: Element | null = code;
      let background = 'rgba(0, 0, 0, 0)';
      while (ground && background === 'rgba(0, 0, 0, 0)') {
        background = getComputedStyle(ground).backgroundColor;
        ground = ground.parentElement;
      }
      return { text: lightness(getComputedStyle(code).color), background: lightness(background) };
    });
  const block = await colours('pre > code');
  expect(block.text).toBeGreaterThan(200);
  expect(block.background).toBeLessThan(60);
  const inline = await colours('p > code');
  expect(inline.text).toBeLessThan(100);
  expect(inline.background).toBeGreaterThan(200);
});
