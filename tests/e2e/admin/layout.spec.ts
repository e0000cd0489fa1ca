import { expect, test, type Page } from '@playwright/test';
import { createContact, openDashboard, unique } from './support';

/** How far the page is wider than the window; 0 means no horizontal scrolling. */
const overflow = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

/** Visible, and not cut off at the right edge of the window. */
async function fullyOnScreen(page: Page, target: ReturnType<Page['getByRole']>) {
  await target.scrollIntoViewIfNeeded();
  await expect(target).toBeVisible();
  await expect(target).toBeInViewport({ ratio: 1 });
  const box = (await target.boundingBox())!;
  expect(box.x + box.width).toBeLessThanOrEqual(page.viewportSize()!.width);
}

const screens = [
  { name: 'tablet', width: 768, height: 1024 },
  { name: 'laptop', width: 1280, height: 800 },
];

for (const screen of screens) {
  test(`/admin fits a ${screen.name} (${screen.width}x${screen.height}) with tabs and actions in reach`, async ({
    page,
  }) => {
    await createContact(page.request, {
      name: unique('Layout enquirer'),
      email: 'layout@example.com',
      message: 'Checking that the dashboard fits this screen.',
    });
    await page.setViewportSize({ width: screen.width, height: screen.height });
    await openDashboard(page);
    await expect(page.getByRole('heading', { name: 'News Management' })).toBeVisible();
    expect(await overflow(page)).toBeLessThanOrEqual(0);

    for (const name of [/^News \(\d+\)$/, /^Contacts \(\d+\)$/])
      await fullyOnScreen(page, page.getByRole('tab', { name }));
    await fullyOnScreen(page, page.getByRole('button', { name: 'Logout' }));
    await fullyOnScreen(page, page.getByRole('button', { name: 'Add News' }));
    const article = page.getByTestId('news-row').first();
    for (const name of [/^Edit/, /^(Publish|Unpublish)/, /^Delete/])
      await fullyOnScreen(page, article.getByRole('button', { name }));

    await page.getByRole('button', { name: 'Add News' }).click();
    await page.getByRole('menuitem', { name: 'Manually' }).click();
    const dialog = page.getByRole('dialog', { name: 'Create News Article' });
    await expect(dialog).toBeVisible();
    expect(await overflow(page)).toBeLessThanOrEqual(0);
    await fullyOnScreen(page, dialog.getByRole('button', { name: 'Create Article' }));
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();

    await page.getByRole('tab', { name: /^Contacts/ }).click();
    await expect(page.getByRole('heading', { name: 'Contact Submissions' })).toBeVisible();
    expect(await overflow(page)).toBeLessThanOrEqual(0);
    const enquiry = page.getByTestId('contact-card').first();
    for (const name of [/^Mark as (read|unread)/, /^Delete/])
      await fullyOnScreen(page, enquiry.getByRole('button', { name }));
  });
}
