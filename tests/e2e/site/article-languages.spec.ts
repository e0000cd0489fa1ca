import { expect, test } from '@playwright/test';
import { adminApi, createArticle, gotoHydrated, uniqueSlug } from './site-support';

/**
 * Articles in the visitor's language (issue 11): language addresses that
 * stick, the note on an untranslated article, category labels by language.
 */

test('a German visitor on /de/news reads German articles and stays German after a reload', async ({
  page,
}) => {
  const api = await adminApi();
  const slug = uniqueSlug('laser-cell');
  await createArticle(api, {
    slug,
    title: `Laser cell ${slug}`,
    category: 'Industry',
    translations: {
      de: {
        title: `Laserzelle ${slug}`,
        excerpt: 'Eine Kurzfassung auf Deutsch.',
        content: 'Der Inhalt auf **Deutsch**.',
      },
    },
  } as Parameters<typeof createArticle>[1]);
  await api.dispose();

  await gotoHydrated(page, '/de/news');
  await expect(page.locator('html')).toHaveAttribute('lang', 'de');
  const heading = page.getByRole('heading', { name: `Laserzelle ${slug}` });
  await expect(heading).toHaveAttribute('lang', 'de');
  const card = page.getByRole('listitem').filter({ has: heading });
  // The stored English category reads in German.
  await expect(card.getByText('Industrie', { exact: true })).toBeVisible();
  await expect(card.getByRole('link')).toHaveAttribute('href', `/de/${slug}`);

  await card.getByRole('link').click();
  await expect(page).toHaveURL(new RegExp(`/de/${slug}$`));
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Laserzelle ${slug}`);
  // Internal links keep the language.
  const nav = page.getByRole('navigation', { name: 'Hauptnavigation' });
  await expect(nav.getByRole('link', { name: 'Neuigkeiten' })).toHaveAttribute('href', '/de/news');

  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('lang', 'de');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Laserzelle ${slug}`);
  expect(await page.evaluate(() => localStorage.getItem('language'))).toBe('de');
  // Later visits to an unprefixed page stay German too.
  await gotoHydrated(page, '/news');
  await expect(page.locator('html')).toHaveAttribute('lang', 'de');
  await expect(page.getByRole('heading', { name: `Laserzelle ${slug}` })).toBeVisible();

  // The language menu moves to the same page in another language.
  await gotoHydrated(page, `/de/${slug}`);
  await page.getByRole('button', { name: /Sprache/ }).click();
  await page.getByRole('menuitemradio', { name: 'English' }).click();
  await expect(page).toHaveURL(new RegExp(`/en/${slug}$`));
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Laser cell ${slug}`);
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
});

test('an article missing the page’s language shows its source text, marked, with a note', async ({
  page,
}) => {
  const api = await adminApi();
  const slug = uniqueSlug('press-line');
  await createArticle(api, { slug, title: `Press line ${slug}` });
  await api.dispose();

  const response = await page.goto(`/pt/${slug}`);
  expect(response?.status()).toBe(200);
  await expect(page.locator('html')).toHaveAttribute('lang', 'pt');
  const title = page.getByRole('heading', { level: 1 });
  await expect(title).toHaveText(`Press line ${slug}`);
  await expect(title).toHaveAttribute('lang', 'en');
  await expect(page.getByText('Disponível apenas em inglês')).toBeVisible();

  await gotoHydrated(page, '/pt/news');
  const card = page
    .getByRole('listitem')
    .filter({ has: page.getByRole('heading', { name: `Press line ${slug}` }) });
  await expect(card.getByText('Disponível apenas em inglês')).toBeVisible();
});
