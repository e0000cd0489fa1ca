import { expect, test, type Locator, type Page } from '@playwright/test';
import { slugify } from '../../../shared/slug';
import { makeImage } from '../../support/images';
import { newsRow, openCreateForm, openDashboard, toast, unique } from './support';

/** Fills the required fields of the open create form. */
async function fillArticle(dialog: Locator, title: string) {
  await dialog.getByLabel(/^Title/).fill(title);
  await dialog.getByLabel(/^Excerpt/).fill('What the newsroom journey is about.');
  await dialog.getByLabel(/^Category/).fill('Newsroom');
  await dialog.getByLabel(/^Content/).fill('The first version of the body.');
}

async function createArticle(page: Page, title: string, publish: 'draft' | 'now' = 'draft') {
  const dialog = await openCreateForm(page);
  await fillArticle(dialog, title);
  if (publish === 'now') await dialog.getByLabel('Publish immediately').check();
  await dialog.getByRole('button', { name: 'Create Article' }).click();
  await expect(toast(page, 'News article created successfully')).toBeVisible();
  await expect(dialog).toBeHidden();
}

async function openEditForm(page: Page, title: string) {
  await newsRow(page, title).getByRole('button', { name: /^Edit/ }).click();
  const dialog = page.getByRole('dialog', { name: 'Edit News Article' });
  await expect(dialog).toBeVisible();
  return dialog;
}

test.describe('newsroom publishing', () => {
  // Each journey saves and reads several times, and an upload encodes AVIF copies on the server.
  test.describe.configure({ timeout: 60_000 });
  test.beforeEach(async ({ page }) => openDashboard(page));

  test('uploads an image into an article, which the page shows responsively with its description', async ({
    page,
  }) => {
    const title = unique('Image journey');
    const dialog = await openCreateForm(page);
    await fillArticle(dialog, title);

    // A file that is not a raster image is refused with the server's own reason.
    const upload = dialog.getByLabel('Upload an image');
    await upload.setInputFiles({
      name: 'logo.svg',
      mimeType: 'image/svg+xml',
      buffer: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>1</script></svg>'),
    });
    await expect(dialog.getByRole('alert')).toHaveText(/SVG images cannot be uploaded/);

    const png = await makeImage('png', { width: 1600, height: 900 });
    await upload.setInputFiles({ name: 'robot-cell.png', mimeType: 'image/png', buffer: png });
    const address = dialog.getByLabel(/^Image URL/);
    await expect(address).toHaveValue(/^\/media\/\d+\/[0-9a-f]{16}-1600x900\.png$/);
    await expect(dialog.getByRole('alert')).toBeHidden();
    await dialog.getByLabel('Image description (English)').fill('A robot cell welding a frame');
    await dialog.getByLabel('Publish immediately').check();
    await dialog.getByRole('button', { name: 'Create Article' }).click();
    await expect(toast(page, 'News article created successfully')).toBeVisible();

    const response = await page.goto(`/${slugify(title)}`);
    expect(response?.status()).toBe(200);
    const picture = page.locator('article picture');
    await expect(picture.locator('source[type="image/avif"]')).toHaveAttribute(
      'srcset',
      /-480w\.avif 480w, .*-960w\.avif 960w, .*-1600w\.avif 1600w$/,
    );
    await expect(picture.locator('source[type="image/webp"]')).toHaveAttribute('srcset', /480w/);
    const img = picture.locator('img');
    await expect(img).toHaveAttribute('alt', 'A robot cell welding a frame');
    await expect(img).toHaveAttribute('width', '1600');
    await expect(img).toHaveAttribute('height', '900');
    // The browser picked one of the copies and loaded it.
    await expect
      .poll(() => img.evaluate((el: HTMLImageElement) => el.currentSrc))
      .toMatch(/w\.avif$/);
    expect(await img.evaluate((el: HTMLImageElement) => el.naturalWidth)).toBeGreaterThan(0);

    // The library lists the upload where it is used, and refuses to delete it while it is.
    await openDashboard(page);
    const edit = await openEditForm(page, title);
    await edit.getByRole('button', { name: 'Media library' }).click();
    const library = page.getByRole('dialog', { name: 'Media library' });
    const item = library.getByTestId('media-item').filter({ hasText: `Used in “${title}”` });
    await expect(item).toBeVisible();
    await item.getByRole('button', { name: /^Delete/ }).click();
    await page.getByRole('button', { name: 'Delete', exact: true }).last().click();
    await expect(toast(page, `This file cannot be deleted while “${title}” uses it`)).toBeVisible();
    await expect(item).toBeVisible();
  });

  test('schedules an article, lists it as scheduled, keeps it off the site, and unschedules it', async ({
    page,
    browser,
  }) => {
    const title = unique('Scheduled journey');
    const dialog = await openCreateForm(page);
    await fillArticle(dialog, title);
    await dialog.getByLabel('Schedule for later').check();
    await expect(dialog.getByText(/In your time zone \(.+\); the server stores/)).toBeVisible();
    const when = new Date(Date.now() + 3 * 24 * 3600 * 1000);
    when.setSeconds(0, 0);
    const pad = (n: number) => String(n).padStart(2, '0');
    const local = `${when.getFullYear()}-${pad(when.getMonth() + 1)}-${pad(when.getDate())}T${pad(when.getHours())}:${pad(when.getMinutes())}`;
    await dialog.getByLabel('Publication date and time').fill(local);
    const saving = page.waitForRequest(
      (r) => r.method() === 'POST' && r.url().endsWith('/api/news'),
    );
    await dialog.getByRole('button', { name: 'Create Article' }).click();
    // Stored as UTC, the moment the admin chose in their own zone.
    expect((await saving).postDataJSON()).toMatchObject({
      published: true,
      published_at: when.toISOString(),
    });
    await expect(toast(page, 'News article created successfully')).toBeVisible();

    const row = newsRow(page, title);
    await expect(row.getByText(/^Scheduled for \d{2}\/\d{2}\/\d{4}, \d{2}:\d{2}$/)).toBeVisible();
    const visitor = await browser.newContext();
    const response = await (await visitor.newPage()).goto(`/${slugify(title)}`);
    expect(response?.status()).toBe(404);
    await visitor.close();

    await row.getByRole('button', { name: /^Unschedule/ }).click();
    await expect(toast(page, 'Publication cancelled: the article is a draft again')).toBeVisible();
    await expect(row.getByText('Draft', { exact: true })).toBeVisible();
  });

  test('lists revisions with their changes and restores one with a click', async ({ page }) => {
    const title = unique('Revision journey');
    await createArticle(page, title);
    const edit = await openEditForm(page, title);
    const changed = `${title} rewritten`;
    await edit.getByLabel(/^Title/).fill(changed);
    await edit.getByRole('button', { name: 'Save Changes' }).click();
    await expect(toast(page, 'News article updated successfully')).toBeVisible();

    const again = await openEditForm(page, changed);
    await again.getByRole('button', { name: 'Revisions' }).click();
    const panel = page.getByRole('dialog', { name: 'Revisions' });
    const revisions = panel.getByTestId('revision');
    await expect(revisions).toHaveCount(2);
    await expect(revisions.first()).toContainText('e2e-admin');
    await expect(revisions.first().locator('ins')).toContainText('rewritten');
    await expect(revisions.first().getByText('Current version')).toBeVisible();
    await revisions.nth(1).getByRole('button', { name: 'Restore this version' }).click();
    await expect(toast(page, 'Revision restored')).toBeVisible();
    await expect(panel).toBeHidden();
    await expect(newsRow(page, title)).toBeVisible();
    await expect(newsRow(page, changed)).toBeHidden();
  });

  test('does not save over a colleague unseen: the form keeps the text and offers Save anyway', async ({
    page,
  }) => {
    const title = unique('Colleague journey');
    await createArticle(page, title, 'now');
    const edit = await openEditForm(page, title);
    // A colleague rewrites the excerpt and takes the article off the site while the form is open.
    const list = await (await page.request.get('/api/news/admin')).json();
    const { id } = list.data.find((a: { title: string }) => a.title === title);
    const colleague = await page.request.put(`/api/news/${id}`, {
      data: { excerpt: 'The colleague’s excerpt.', published: false },
    });
    expect(colleague.ok()).toBe(true);

    await edit.getByLabel(/^Title/).fill(`${title} (mine)`);
    await edit.getByRole('button', { name: 'Save Changes' }).click();
    await expect(
      toast(page, 'Someone else saved this after you opened it, so your changes were not saved.'),
    ).toBeVisible();
    const banner = edit.getByRole('alert').filter({ hasText: 'Your changes are still here.' });
    await expect(banner).toBeVisible();
    await expect(banner).toContainText('Meanwhile it was taken off the site: it is a draft now.');
    await expect(edit.getByLabel(/^Title/)).toHaveValue(`${title} (mine)`);

    // Saving anyway saves her title over their version, and nothing else: it stays a draft.
    await banner.getByRole('button', { name: 'Save anyway' }).click();
    await expect(toast(page, 'News article updated successfully')).toBeVisible();
    await expect(edit).toBeHidden();
    const row = newsRow(page, `${title} (mine)`);
    await expect(row.getByText('Draft', { exact: true })).toBeVisible();
    const saved = (await (await page.request.get('/api/news/admin')).json()).data.find(
      (a: { id: number }) => a.id === id,
    );
    expect(saved).toMatchObject({ published: false, excerpt: 'The colleague’s excerpt.' });
  });

  test('shares a draft through an expiring link that works without an account until revoked', async ({
    page,
    browser,
  }) => {
    const title = unique('Preview journey');
    await createArticle(page, title);

    // The admin sees the draft at its address, marked as not public.
    await page.goto(`/${slugify(title)}`);
    await expect(page.getByTestId('draft-banner')).toHaveText('Draft — not public');
    await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();

    await openDashboard(page);
    const edit = await openEditForm(page, title);
    await edit.getByRole('button', { name: 'Share preview' }).click();
    const address = await edit.getByLabel('Preview link', { exact: true }).inputValue();
    expect(address).toMatch(/\/preview\/[A-Za-z0-9_-]{22}$/);
    await expect(edit.getByText(/^Expires on \d{2}\/\d{2}\/\d{4}/)).toBeVisible();

    const visitor = await browser.newContext();
    const guest = await visitor.newPage();
    const shown = await guest.goto(address);
    expect(shown?.status()).toBe(200);
    expect(shown?.headers()['x-robots-tag']).toBe('noindex');
    await expect(guest.getByRole('heading', { level: 1, name: title })).toBeVisible();
    await expect(guest.getByTestId('draft-banner')).toHaveText('Draft — not public');
    // Without the link the draft stays hidden.
    expect((await guest.goto(`/${slugify(title)}`))?.status()).toBe(404);

    await edit.getByTestId('preview-link').getByRole('button', { name: 'Revoke' }).click();
    await expect(toast(page, 'Preview link revoked')).toBeVisible();
    expect((await guest.goto(address))?.status()).toBe(404);
    await visitor.close();
  });
});
