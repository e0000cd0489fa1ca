import { expect, test } from '@playwright/test';
import { adminApi, createArticle, uniqueSlug } from './site-support';

/**
 * A printed article: its text, the site's name in dark ink (no background is
 * printed) and where its links lead; none of what only works on a screen.
 */
test('a printed article leaves out the controls and prints the site’s name dark', async ({
  page,
}) => {
  const api = await adminApi();
  const slug = uniqueSlug('print');
  await createArticle(api, {
    slug,
    content:
      'Read [the standard](https://example.com/iso-10218) before commissioning.\n\n' +
      '![A robot cell](/media/news-default.jpg)',
  });
  await api.dispose();

  await page.goto(`/${slug}`);
  await page.emulateMedia({ media: 'print' });

  const header = page.getByRole('banner');
  await expect(header.getByRole('link', { name: 'News', exact: true })).toBeHidden();
  for (const button of await header.getByRole('button').all()) await expect(button).toBeHidden();
  await expect(page.getByRole('link', { name: 'Skip to content' })).toBeHidden();
  for (const back of await page.getByRole('link', { name: 'Back to News' }).all())
    await expect(back).toBeHidden();
  await expect(page.getByTestId('article-cta')).toBeHidden();
  for (const nav of await page.getByRole('contentinfo').getByRole('navigation').all())
    await expect(nav).toBeHidden();

  // The text stays, and the site's name is dark on the white paper.
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  const name = header.getByText('Forge Industrial', { exact: true });
  await expect(name).toBeVisible();
  const ink = await name.evaluate((el) => {
    const [r, g, b] = getComputedStyle(el)
      .color.match(/[\d.]+/g)!
      .map(Number);
    return (r! + g! + b!) / 3;
  });
  expect(ink, 'the site’s name is printed dark').toBeLessThan(80);

  // A link of the body says where it leads; a picture is never cut across two pages.
  const link = page.locator('.markdown-body').getByRole('link', { name: 'the standard' });
  expect(await link.evaluate((el) => getComputedStyle(el, '::after').content)).toBe(
    '" (https://example.com/iso-10218)"',
  );
  const picture = page.locator('.markdown-body img');
  expect(await picture.evaluate((el) => getComputedStyle(el).breakInside)).toBe('avoid');
});
