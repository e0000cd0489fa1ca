import { expect, test } from '@playwright/test';
import { newsRow, openCreateForm, openDashboard, toast, unique } from './support';

/** The article editor: what it accepts as an image, and what it asks before losing work. */
test.describe('article editor', () => {
  test.beforeEach(async ({ page }) => openDashboard(page));

  test('takes only https images or site paths, and shows a dead image as the default one', async ({
    page,
  }) => {
    const dialog = await openCreateForm(page);
    const image = dialog.getByLabel(/^Image URL/);
    await image.fill('http://example.com/a.png');
    await expect(image).toHaveAccessibleDescription(
      /^Use an https:\/\/ address: the site blocks images sent over plain http:\/\//,
    );
    for (const refused of ['ftp://example.com/a.png', '//example.com/a.png']) {
      await image.fill(refused);
      await expect(image).toHaveAccessibleDescription(
        /^Image URL must be an https:\/\/ address or a path on this site starting with \//,
      );
    }

    // A site path that answers 404: the editor says so and shows the default image instead.
    const title = unique('Dead image');
    await dialog.getByLabel(/^Title/).fill(title);
    await image.fill('/media/no-such-image.jpg');
    await expect(dialog.getByText('The image could not be loaded from this address')).toBeVisible();
    const preview = dialog.getByRole('img', { name: 'Image preview' });
    await expect(preview).toHaveAttribute('src', '/media/news-default.jpg');
    expect(await preview.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
    const inArticle = dialog.getByTestId('article-preview').locator('img');
    await expect(inArticle).toHaveAttribute('src', '/media/news-default.jpg');

    // Saved, the admin list shows the default image for it too.
    await dialog.getByLabel(/^Excerpt/).fill('An article whose image is gone.');
    await dialog.getByLabel(/^Category/).fill('Journeys');
    await dialog.getByLabel(/^Content/).fill('Body.');
    await dialog.getByRole('button', { name: 'Create Article' }).click();
    await expect(toast(page, 'News article created successfully')).toBeVisible();
    const listed = newsRow(page, title).locator('img');
    await expect(listed).toHaveAttribute('src', '/media/news-default.jpg');
  });

  test('asks before Escape or a backdrop click throws away a half-written article', async ({
    page,
  }) => {
    const dialog = await openCreateForm(page);
    await dialog.getByLabel(/^Title/).fill('Half an idea');
    await page.keyboard.press('Escape');
    const question = page.getByRole('alertdialog', { name: 'Please confirm' });
    await expect(question).toContainText('This article has unsaved changes. Discard them?');
    await expect(question.getByRole('button', { name: 'Keep editing' })).toBeFocused();
    await question.getByRole('button', { name: 'Keep editing' }).click();
    await expect(question).toBeHidden();
    await expect(dialog.getByLabel(/^Title/)).toHaveValue('Half an idea');

    // The backdrop: a click outside the form, at the window's edge.
    await page.mouse.click(5, 400);
    await expect(question).toBeVisible();
    await question.getByRole('button', { name: 'Discard changes' }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByRole('button', { name: 'Add News' })).toBeFocused();

    // Nothing typed: Escape just closes.
    await openCreateForm(page);
    await page.keyboard.press('Escape');
    await expect(page.getByRole('dialog', { name: 'Create News Article' })).toBeHidden();
    await expect(question).toHaveCount(0);
  });
});
