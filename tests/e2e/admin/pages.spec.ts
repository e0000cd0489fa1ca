import { expect, test, type Page } from '@playwright/test';
import { giveAdminSession, newsRow, openCreateForm, openDashboard, toast, unique } from './support';

/**
 * Pages and languages published one at a time, as the marketing manager
 * uses them: a Careers page in two languages added to the header and
 * opened from the phone's menu; a Portuguese translation kept as a draft
 * while the English and German versions are public.
 */

const slugOf = (title: string) => title.toLowerCase().replace(/[^a-z0-9]+/g, '-');

async function openPagesTab(page: Page) {
  await openDashboard(page);
  await page.getByRole('tab', { name: /^Pages/ }).click();
  await expect(page.getByRole('heading', { name: 'Pages', exact: true })).toBeVisible();
}

test.describe('pages', () => {
  test('a Careers page in two languages, added to the header, opens from the mobile menu', async ({
    page,
    browser,
  }) => {
    await openPagesTab(page);
    await page.getByRole('button', { name: 'Add page' }).click();
    await page.getByRole('menuitem', { name: 'Manually' }).click();
    const dialog = page.getByRole('dialog', { name: 'Create page' });
    await expect(dialog).toBeVisible();
    // A page has no category, and its excerpt is optional.
    await expect(dialog.getByLabel(/^Category/)).toHaveCount(0);
    const title = unique('Careers');
    await dialog.getByLabel(/^Title/).fill(title);
    await dialog.getByLabel(/^Content/).fill('## Open positions\n\nRobotics engineer in Porto.');
    await dialog.getByLabel('Show in').selectOption('header');
    await dialog.getByLabel('Publish immediately').check();
    await dialog.getByRole('tab', { name: /^Deutsch/ }).click();
    const german = `Karriere ${title.slice('Careers '.length)}`;
    await dialog.getByLabel(/^Title/).fill(german);
    await dialog.getByLabel(/^Content/).fill('## Offene Stellen\n\nRobotik-Ingenieur in Porto.');
    await expect(dialog.getByRole('tab', { name: /^Deutsch/ })).toContainText('Published');
    // The editor shows the page as visitors will read it, in the chosen language.
    await expect(dialog.getByTestId('article-preview')).toContainText('Offene Stellen');
    await dialog.getByRole('button', { name: 'Create page' }).click();
    await expect(toast(page, 'Page created')).toBeVisible();

    const header = page.getByRole('region', { name: /^Header/ });
    const row = header.getByTestId('page-row').filter({ hasText: title });
    await expect(row).toBeVisible();
    await expect(row.getByRole('list', { name: 'Language versions' })).toHaveText(
      /EN ✓.*PT –.*DE ✓/s,
    );
    for (const width of [1440, 390]) {
      await page.setViewportSize({ width, height: 900 });
      await page.screenshot({ path: test.info().outputPath(`pages-tab-${width}.png`) });
    }
    const slug = slugOf(title);
    await expect(row.getByRole('link', { name: /^View on site/ })).toHaveAttribute(
      'href',
      new RegExp(`/(en|pt|de)/${slug}$`),
    );

    // A visitor on a phone, reading German, finds it in the menu between News and Contact.
    const phone = await browser.newContext({ viewport: { width: 390, height: 844 } });
    const visitor = await phone.newPage();
    await visitor.goto('/de');
    await visitor.getByRole('button', { name: 'Menü öffnen' }).click();
    const menu = visitor.locator('#mobile-menu');
    await expect(menu.getByRole('link', { name: german })).toBeVisible();
    const links = await menu.getByRole('link').allTextContents();
    const at = links.indexOf(german);
    expect(at).toBeGreaterThan(links.indexOf('Neuigkeiten'));
    expect(at).toBeLessThan(links.indexOf('Kontakt'));
    await menu.getByRole('link', { name: german }).click();
    await expect(visitor).toHaveURL(new RegExp(`/de/${slug}$`));
    await expect(visitor.getByRole('heading', { level: 1, name: german })).toBeVisible();
    await expect(visitor.getByRole('heading', { name: 'Offene Stellen' })).toBeVisible();
    // The page's own address, loaded afresh, names itself as canonical.
    await visitor.reload();
    await expect(visitor.locator('link[rel="canonical"]')).toHaveAttribute(
      'href',
      new RegExp(`/de/${slug}$`),
    );
    await visitor.screenshot({ path: test.info().outputPath('careers-390.png'), fullPage: true });
    // Not news: the news list does not show it.
    await visitor.goto('/de/news');
    await expect(visitor.getByRole('main').getByText(german)).toHaveCount(0);
    await phone.close();
    const wide = await (
      await browser.newContext({ viewport: { width: 1440, height: 900 } })
    ).newPage();
    await wide.goto('/en');
    await expect(wide.getByRole('banner').getByRole('link', { name: title })).toBeVisible();
    await wide.screenshot({ path: test.info().outputPath('header-1440.png') });
    await wide.close();
  });
});

test.describe('one language at a time', () => {
  test('a Portuguese translation kept as a draft while English and German are public', async ({
    page,
    browser,
  }) => {
    await openDashboard(page);
    const dialog = await openCreateForm(page);
    const title = unique('Laser cell');
    await dialog.getByLabel(/^Title/).fill(title);
    await dialog.getByLabel(/^Excerpt/).fill('A laser cell for thin sheet.');
    await dialog.getByLabel(/^Category/).fill('Robotics');
    await dialog.getByLabel(/^Content/).fill('Cuts thin sheet without burrs.');
    await dialog.getByLabel('Publish immediately').check();
    await dialog.getByRole('tab', { name: /^Português/ }).click();
    await dialog.getByLabel(/^Title/).fill(`Célula laser ${title.slice(11)}`);
    await dialog.getByLabel(/^Excerpt/).fill('Uma célula laser para chapa fina.');
    await dialog.getByLabel(/^Content/).fill('Corta chapa fina sem rebarbas.');
    await dialog.getByLabel('Publish the Portuguese version').uncheck();
    await expect(dialog.getByRole('tab', { name: /^Português/ })).toContainText('Draft');
    await dialog.getByRole('tab', { name: /^Deutsch/ }).click();
    await dialog.getByLabel(/^Title/).fill(`Laserzelle ${title.slice(11)}`);
    await dialog.getByLabel(/^Excerpt/).fill('Eine Laserzelle für dünnes Blech.');
    await dialog.getByLabel(/^Content/).fill('Schneidet dünnes Blech gratfrei.');
    await dialog.getByRole('button', { name: 'Create Article' }).click();
    await expect(toast(page, 'News article created successfully')).toBeVisible();

    const row = newsRow(page, title);
    await expect(row.getByRole('list', { name: 'Language versions' })).toHaveText(
      /EN ✓.*PT draft.*DE ✓/s,
    );

    // Visitors: English and German are out; the Portuguese page shows the English text.
    const slug = slugOf(title);
    const visitor = await (await browser.newContext()).newPage();
    await visitor.goto(`/pt/${slug}`);
    await expect(visitor.getByRole('heading', { level: 1, name: title })).toBeVisible();
    await expect(visitor.getByText('Disponível apenas em inglês e alemão')).toBeVisible();
    await expect(visitor.getByText('Célula laser')).toHaveCount(0);
    await visitor.goto(`/de/${slug}`);
    await expect(visitor.getByRole('heading', { level: 1 })).toHaveText(/^Laserzelle/);
    await visitor.close();

    // The editor sees the draft on the site, marked as one (in a window of its own: a language
    // address becomes the reader's language, and the dashboard stays in English).
    const site = await (await browser.newContext()).newPage();
    await giveAdminSession(site);
    await site.goto(`/pt/${slug}`);
    await expect(site.getByTestId('draft-banner')).toHaveText(
      'Esta versão linguística é um rascunho — não pública',
    );
    await expect(site.getByRole('heading', { level: 1 })).toHaveText(/^Célula laser/);
    await site.close();

    // Editing the English title marks the other languages outdated before anything is saved.
    await openDashboard(page);
    await newsRow(page, title).getByRole('button', { name: /^Edit/ }).click();
    const edit = page.getByRole('dialog', { name: 'Edit News Article' });
    await expect(edit.getByRole('tab', { name: /^Português/ })).toContainText('Draft');
    await expect(edit.getByRole('tab', { name: /^Deutsch/ })).toContainText('Published');
    await edit.getByLabel(/^Title/).fill(`${title} revised`);
    await expect(edit.getByRole('tab', { name: /^Português/ })).toContainText('Outdated');
    await expect(edit.getByRole('tab', { name: /^Deutsch/ })).toContainText('Outdated');
    await edit.getByLabel(/^Title/).fill(title);
    await expect(edit.getByRole('tab', { name: /^Deutsch/ })).toContainText('Published');
    await page.setViewportSize({ width: 1440, height: 900 });
    await edit.getByText('Search and social (English)').click();
    await edit.getByLabel('Search title').fill('Laser cutting cell for thin sheet | Forge');
    await expect(edit.getByTestId('search-preview')).toContainText(
      'Laser cutting cell for thin sheet | Forge',
    );
    await expect(edit.getByLabel('Search title')).toHaveAccessibleDescription(
      /^41 of 70 characters/,
    );
    await edit.getByLabel('Search title').scrollIntoViewIfNeeded();
    await page.screenshot({ path: test.info().outputPath('editor-1440.png') });
    await page.setViewportSize({ width: 390, height: 844 });
    await page.screenshot({ path: test.info().outputPath('editor-390.png') });
  });
});
