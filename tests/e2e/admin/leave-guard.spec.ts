import { expect, test, type Page } from '@playwright/test';
import { createContact, openContacts, toast, unique } from './support';

/**
 * Work typed and not saved is not lost to a click on another admin page:
 * the dashboard asks first (Stay keeps the page and the text, Leave goes).
 * A change of the inbox's filter stays on the page, so it does not ask. A
 * note on an enquiry, like a reply, is kept for its writer until it is
 * added, so nothing asks for it.
 */

const nav = (page: Page) => page.getByRole('navigation', { name: 'Admin pages' });
const question = (page: Page) => page.getByRole('alertdialog');

/** Clicks a page in the admin's navigation and answers the question that comes. */
async function goAndAnswer(page: Page, link: string, answer: 'Stay' | 'Leave') {
  await nav(page).getByRole('link', { name: link, exact: true }).click();
  await expect(question(page)).toContainText(
    'You have unsaved changes on this page. Leave without saving?',
  );
  await question(page).getByRole('button', { name: answer }).click();
  await expect(question(page)).toHaveCount(0);
}

test('a note written on an enquiry is kept through a closed card, a filter and another page', async ({
  page,
}) => {
  const tag = unique('leaving').replace(' ', '');
  const name = unique('Note enquirer');
  const text = 'Called back on Monday, waiting for drawings';
  await createContact(page.request, {
    name,
    email: 'note@example.com',
    message: `Could you call us back about a welding cell? (${tag})`,
  });
  await openContacts(page, { q: tag });
  const card = page
    .getByTestId('contact-card')
    .filter({ has: page.getByRole('heading', { name, exact: true }) });
  await card.getByRole('button', { name: /^Reply/ }).click();
  const note = card.getByRole('textbox', { name: 'Note for colleagues' });
  await note.fill(text);

  // The card closed (no reply written: it does not ask) and opened again: the note is back.
  await card.getByRole('button', { name: /^Close reply/ }).click();
  await expect(note).toHaveCount(0);
  await card.getByRole('button', { name: /^Reply/ }).click();
  await expect(note).toHaveValue(text);

  // The inbox's filter is in the address, but the page stays: no question, the note is kept.
  await page.getByLabel('Status').selectOption('unread');
  await expect(page).toHaveURL(/\/admin\?.*read=false/);
  await expect(question(page)).toHaveCount(0);
  await expect(note).toHaveValue(text);

  // Another admin page does not ask either: the note is still there on the way back.
  await nav(page).getByRole('link', { name: 'Site texts', exact: true }).click();
  await expect(page).toHaveURL(/\/admin\/texts$/);
  await expect(page.getByRole('heading', { name: 'Site texts', level: 2 })).toBeVisible();
  await expect(question(page)).toHaveCount(0);
  await page.goBack();
  await expect(page).toHaveURL(/\/admin\?.*read=false/);
  await expect(note).toHaveValue(text);

  // Added, it is no longer kept.
  await card.getByRole('button', { name: 'Add note' }).click();
  await expect(toast(page, 'Note added')).toBeVisible();
  await expect(note).toHaveValue('');
});

test('unsaved site texts ask before another admin page', async ({ page }) => {
  await openContacts(page, {});
  await nav(page).getByRole('link', { name: 'Site texts', exact: true }).click();
  await expect(page).toHaveURL(/\/admin\/texts$/);
  await page.getByRole('button', { name: /^Contact: details/ }).click();
  const phone = page
    .getByRole('group', { name: /Phone number contact\.details\.phone/ })
    .getByRole('textbox', { name: 'English' });
  await phone.fill('+44 20 7946 0999');
  await expect(page.getByText('1 unsaved change')).toBeVisible();

  await goAndAnswer(page, 'Dashboard', 'Stay');
  await expect(page).toHaveURL(/\/admin\/texts$/);
  await expect(phone).toHaveValue('+44 20 7946 0999');

  await goAndAnswer(page, 'Dashboard', 'Leave');
  await expect(page).toHaveURL(/\/admin$/);
  await expect(page.getByRole('heading', { name: 'Admin Dashboard' })).toBeVisible();
});
