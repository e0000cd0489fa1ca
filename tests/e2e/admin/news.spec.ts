import { expect, test, type Locator, type Page } from '@playwright/test';
import { slugify } from '../../../shared/slug';
import { E2E } from '../../support/e2e-env';
import { newsRow, openCreateForm, openDashboard, toast, unique } from './support';

async function createDraft(page: Page, title: string) {
  await createDraftIn(page, title, 'Journeys');
}

async function createDraftIn(page: Page, title: string, category: string) {
  const dialog = await openCreateForm(page);
  await dialog.getByLabel(/^Title/).fill(title);
  await dialog.getByLabel(/^Excerpt/).fill('A short summary of the journey article.');
  await dialog.getByLabel(/^Category/).fill(category);
  await dialog.getByLabel(/^Content/).fill('First paragraph with **bold** text.\nSecond line.');
  await dialog.getByRole('button', { name: 'Create Article' }).click();
  await expect(toast(page, 'News article created successfully')).toBeVisible();
  await expect(dialog).toBeHidden();
}

/**
 * How an article element renders, piece by piece: texts, image and markdown
 * HTML, and the computed styles that make up its look (so class order or an
 * equivalent utility does not matter, a different margin or size does).
 */
function rendering(article: Locator) {
  return article.evaluate((root) => {
    const look = (el: Element | null) => {
      if (!el) return null;
      const s = getComputedStyle(el);
      return {
        text: el.textContent?.trim(),
        font: `${s.fontFamily} ${s.fontSize}/${s.lineHeight} ${s.fontWeight} ${s.letterSpacing}`,
        color: s.color,
        background: s.backgroundColor,
        box: `${s.marginTop} ${s.paddingTop} ${s.paddingLeft} ${s.borderRadius} ${s.textTransform}`,
      };
    };
    const header = root.querySelector('header')!;
    // An upload or the default picture comes in a <picture>; an image from elsewhere alone.
    const image = root.querySelector(':scope > img, :scope > picture > img');
    const body = root.querySelector('.markdown-body');
    return {
      badge: look(header.querySelector('.rounded-full')),
      date: look(header.querySelector('time')?.parentElement ?? null),
      title: look(header.querySelector('h1, h2, h3, h4')),
      excerpt: look(header.querySelector(':scope > p')),
      // An image has no text colour or font of its own worth comparing.
      image: image && { box: look(image)!.box, src: image.getAttribute('src') },
      // Server rendering leaves empty comments between text parts; they render as nothing.
      body: body && { ...look(body), html: body.innerHTML.replace(/<!--.*?-->/g, '') },
      paragraph: look(body?.querySelector('p') ?? null),
    };
  });
}

test.describe('news management', () => {
  test.beforeEach(async ({ page }) => openDashboard(page));

  test('creates a draft, publishes it onto /news, edits, unpublishes and deletes it', async ({
    page,
  }) => {
    // A long journey: two pages, two browser contexts and seven writes.
    test.slow();
    const title = unique('Journey article');
    const slug = slugify(title);
    // The other worker's journeys write articles too: the count goes up by at least this one.
    const newsCount = async () =>
      Number((await page.getByRole('tab', { name: /^News/ }).textContent())?.match(/\d+/)?.[0]);
    const before = await newsCount();

    await createDraft(page, title);
    const item = newsRow(page, title);
    await expect(item.getByText('Draft', { exact: true })).toBeVisible();
    await expect(item.getByText(`/${slug}`)).toBeVisible();
    await expect.poll(newsCount).toBeGreaterThan(before);

    // The toggle is one call whose body is only the new state (the real request, observed).
    const isToggle = (r: { method(): string; url(): string }) =>
      r.method() === 'PUT' && /\/api\/news\/\d+$/.test(r.url());
    const publishing = page.waitForRequest(isToggle);
    await item.getByRole('button', { name: /^Publish/ }).click();
    expect((await publishing).postDataJSON()).toEqual({ published: true });
    await expect(toast(page, 'News article published successfully')).toBeVisible();
    await expect(item.getByText('Published', { exact: true })).toBeVisible();
    const publicPage = await page.context().newPage();
    await publicPage.goto(`/${slug}`);
    await expect(publicPage.getByRole('heading', { name: title })).toBeVisible();
    await publicPage.goto('/news');
    await expect(publicPage.getByText(title)).toBeVisible();

    await item.getByRole('button', { name: /^Edit/ }).click();
    const edit = page.getByRole('dialog', { name: 'Edit News Article' });
    await expect(edit.getByLabel(/^Slug/)).toHaveValue(slug);
    const edited = `${title} (edited)`;
    await edit.getByLabel(/^Title/).fill(edited);
    await expect(edit.getByLabel(/^Slug/)).toHaveValue(slug);
    await edit.getByRole('button', { name: 'Save Changes' }).click();
    await expect(toast(page, 'News article updated successfully')).toBeVisible();
    const editedItem = newsRow(page, edited);
    await expect(editedItem.getByText('Published', { exact: true })).toBeVisible();

    const unpublishing = page.waitForRequest(isToggle);
    await editedItem.getByRole('button', { name: /^Unpublish/ }).click();
    expect((await unpublishing).postDataJSON()).toEqual({ published: false });
    await expect(toast(page, 'News article unpublished successfully')).toBeVisible();
    await expect(editedItem.getByText('Draft', { exact: true })).toBeVisible();
    // Visitors no longer see it; its admin (signed in, same browser) sees it marked as a draft.
    const visitor = await page.context().browser()!.newContext();
    const gone = await (await visitor.newPage()).goto(`/${slug}`);
    expect(gone?.status()).toBe(404);
    await visitor.close();
    await publicPage.goto(`/${slug}`);
    await expect(publicPage.getByTestId('draft-banner')).toHaveText('Draft — not public');

    await editedItem.getByRole('button', { name: /^Delete/ }).click();
    const confirm = page.getByRole('alertdialog');
    await expect(confirm).toContainText('Are you sure you want to delete this news article?');
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await expect(confirm).toBeHidden();
    await expect(editedItem).toBeVisible();
    await expect(editedItem.getByRole('button', { name: /^Delete/ })).toBeFocused();

    await editedItem.getByRole('button', { name: /^Delete/ }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click();
    await expect(toast(page, 'News article deleted successfully')).toBeVisible();
    await expect(editedItem).toHaveCount(0);
  });

  test('asks for every required field', async ({ page }) => {
    const dialog = await openCreateForm(page);
    await dialog.getByLabel(/^Title/).fill(unique('Incomplete'));
    await dialog.getByRole('button', { name: 'Create Article' }).click();
    await expect(toast(page, 'Please fill in all required fields')).toBeVisible();
    await expect(dialog.getByText('Excerpt is required')).toBeVisible();
    await expect(dialog).toBeVisible();
  });

  test('fills the slug from the title, checks it as you type, and shows a taken slug', async ({
    page,
  }) => {
    const title = unique('Slug owner');
    await createDraft(page, title);

    const dialog = await openCreateForm(page);
    await dialog.getByLabel(/^Title/).fill('Ünïcode Títle & more');
    await expect(dialog.getByLabel(/^Slug/)).toHaveValue('unicode-title-more');
    await dialog.getByLabel(/^Slug/).fill('Not A Slug');
    await expect(
      dialog.getByText('Use lowercase letters, digits and single hyphens only', { exact: false }),
    ).toBeVisible();
    await dialog.getByLabel(/^Slug/).fill('admin');
    await expect(
      dialog.getByText('This slug is reserved by the site; choose another'),
    ).toBeVisible();

    await dialog.getByLabel(/^Slug/).fill(slugify(title));
    await dialog.getByLabel(/^Title/).fill(unique('Another article'));
    await expect(dialog.getByLabel(/^Slug/)).toHaveValue(slugify(title));
    await dialog.getByLabel(/^Excerpt/).fill('Excerpt');
    await dialog.getByLabel(/^Category/).fill('Journeys');
    await dialog.getByLabel(/^Content/).fill('Content');
    await dialog.getByRole('button', { name: 'Create Article' }).click();
    const taken = 'This slug is already used by another article or page';
    await expect(page.locator('[data-sonner-toast][data-type="error"]').first()).toContainText(
      taken,
    );
    await expect(dialog.getByLabel(/^Slug/)).toHaveAccessibleDescription(new RegExp(`^${taken}`));
    await expect(dialog).toBeVisible();
  });

  test('previews markdown like the article page and the image URL', async ({ page }) => {
    const dialog = await openCreateForm(page);
    await dialog
      .getByLabel(/^Content/)
      .fill('Line one\nLine two\n\n[site](https://example.com) <i>raw</i>');
    const preview = dialog.getByRole('region', { name: 'Preview' });
    await expect(preview.locator('p br')).toHaveCount(1);
    await expect(preview.getByRole('link', { name: 'site' })).toHaveAttribute('target', '_blank');
    await expect(preview).toContainText('<i>raw</i>');
    await expect(dialog.getByLabel('Publish immediately')).not.toBeChecked();
  });

  test('the preview renders an article exactly as its public page does', async ({ page }) => {
    const title = unique('Preview twin');
    const slug = slugify(title);
    const created = await page.request.post('/api/news', {
      headers: { Origin: E2E.baseUrl },
      data: {
        title,
        excerpt: 'What the preview and the page must agree on.',
        content:
          'First line\nsecond line with **bold**.\n\n## A section\n\n- one\n- [two](https://example.com)',
        category: 'robotics',
        slug,
        image_url: '/media/news-default.jpg',
        published: true,
      },
    });
    expect(created.status(), await created.text()).toBe(201);

    const publicPage = await page.context().newPage();
    await publicPage.goto(`/${slug}`);
    const onPage = await rendering(
      publicPage.locator('article').filter({
        has: publicPage.getByRole('heading', { level: 1, name: title }),
      }),
    );

    await page.reload();
    await newsRow(page, title).getByRole('button', { name: /^Edit/ }).click();
    const preview = page
      .getByRole('dialog', { name: 'Edit News Article' })
      .getByRole('region', { name: 'Preview' });
    await expect(preview.getByRole('heading', { name: title })).toBeVisible();
    const inPreview = await rendering(preview.locator('article'));

    expect(onPage.image?.src).toContain('/media/news-default.jpg');
    expect(onPage.paragraph).not.toBeNull();
    expect(inPreview).toEqual(onPage);
  });

  test('suggests existing categories and still takes a new one', async ({ page }) => {
    const title = unique('Category source');
    const dialog = await openCreateForm(page);
    const category = dialog.getByLabel(/^Category/);
    const options = dialog.locator('datalist#article-category-options option');
    await expect(category).toHaveAttribute('list', 'article-category-options');
    // Seeded published categories and the drafts' own are offered.
    await expect(options).not.toHaveCount(0);
    await dialog.getByRole('button', { name: 'Cancel' }).click();

    const fresh = unique('Fresh category');
    await createDraftIn(page, title, fresh);
    const again = await openCreateForm(page);
    await expect(
      again.locator(`datalist#article-category-options option[value="${fresh}"]`),
    ).toHaveCount(1);
  });

  test('filters by status and category and searches titles and text, on the server, in the address', async ({
    page,
  }) => {
    const title = unique('Filter target');
    await createDraft(page, title);
    await page.getByLabel('Search articles').fill(title);
    await expect(page.getByTestId('news-row')).toHaveCount(1);
    await expect(page.getByText('1 article', { exact: true })).toBeVisible();
    await page.getByLabel('Status').selectOption('published');
    await expect(page.getByTestId('news-row')).toHaveCount(0);
    await expect(page.getByText('No articles match your search or filter.')).toBeVisible();
    await page.getByLabel('Status').selectOption('draft');
    await expect(newsRow(page, title)).toBeVisible();
    await expect(page).toHaveURL(/[?&]published=false/);

    // A reload keeps the list as it was; a word of the text and its category find it too.
    await page.reload();
    await expect(page.getByLabel('Search articles')).toHaveValue(title);
    await expect(newsRow(page, title)).toBeVisible();
    const suffix = title.split(' ').at(-1)!;
    await page.getByLabel('Search articles').fill(`BOLD paragr ${suffix}`);
    await expect(page).toHaveURL(/[?&]q=BOLD/);
    await expect(newsRow(page, title)).toBeVisible();
    await page.getByLabel('Category', { exact: true }).selectOption('Journeys');
    await expect(newsRow(page, title)).toBeVisible();
    await page.getByLabel('Category', { exact: true }).selectOption('Robotics');
    await expect(page.getByText('No articles match your search or filter.')).toBeVisible();
  });

  test('the Add News menu closes on Escape and on an outside click', async ({ page }) => {
    const trigger = page.getByRole('button', { name: 'Add News' });
    await trigger.click();
    await expect(page.getByRole('menu')).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(page.getByRole('menu')).toBeHidden();
    await expect(trigger).toBeFocused();
    await trigger.click();
    await page.getByRole('heading', { name: 'News Management' }).click();
    await expect(page.getByRole('menu')).toBeHidden();
  });

  test('keeps focus inside the dialog and returns it on close', async ({ page }) => {
    const dialog = await openCreateForm(page);
    await expect(dialog.getByLabel(/^Title/)).toBeFocused();
    for (let i = 0; i < 15; i++) await page.keyboard.press('Tab');
    expect(await dialog.evaluate((el) => el.contains(document.activeElement))).toBe(true);
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(page.getByRole('button', { name: 'Add News' })).toBeFocused();
  });
});
