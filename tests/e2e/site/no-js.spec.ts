import { expect, test } from '@playwright/test';
import { adminApi, createArticle, uniqueSlug } from './site-support';

test.use({ javaScriptEnabled: false });

test('the server-rendered HTML holds the real content', async ({ page }) => {
  const api = await adminApi();
  const slug = uniqueSlug('nojs');
  await createArticle(api, {
    slug,
    title: `Server rendered ${slug}`,
    content: 'A **bold** body paragraph.',
  });
  await api.dispose();

  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(
    'Intelligent machines for the factories of tomorrow',
  );
  await expect(page.getByRole('heading', { name: 'Advanced robotics' })).toBeVisible();

  await page.goto('/news');
  await expect(page.getByRole('heading', { name: 'News & Innovations' })).toBeVisible();
  await expect(
    page.getByRole('link', { name: new RegExp(`Server rendered ${slug}`) }),
  ).toBeVisible();

  const response = await page.goto(`/${slug}`);
  expect(response?.status()).toBe(200);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Server rendered ${slug}`);
  await expect(page.locator('.markdown-body strong')).toHaveText('bold');
  await expect(page.locator('head link[rel="canonical"]')).toHaveAttribute(
    'href',
    new RegExp(`/${slug}$`),
  );
  await expect(page.locator('script[type="application/ld+json"]')).toHaveCount(1);

  const missing = await page.goto('/definitely/missing');
  expect(missing?.status()).toBe(404);
  await expect(page.getByText('Oops! Page not found')).toBeVisible();
});

test('pagination links work without JavaScript', async ({ page }) => {
  await page.goto('/news');
  const next = page
    .getByRole('navigation', { name: 'News pages' })
    .getByRole('link', { name: 'Next' });
  await next.click();
  await expect(page).toHaveURL(/\/news\?page=2$/);
  await expect(page.getByRole('link', { name: 'Page 2' })).toHaveAttribute('aria-current', 'page');
});
