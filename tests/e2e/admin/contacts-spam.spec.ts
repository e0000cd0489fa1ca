import { readFile } from 'node:fs/promises';
import { expect, test, type Page } from '@playwright/test';
import { seriousViolations } from '../../support/axe';
import {
  backdateContact,
  chooseAdminLanguage,
  createContact,
  toast,
  unique,
  giveAdminSession,
  openContacts,
  ownAdmin,
} from './support';

const cardOf = (page: Page, name: string) =>
  page
    .getByTestId('contact-card')
    .filter({ has: page.getByRole('heading', { name, exact: true }) });

/** A link farm: five links, SEO phrases. Scores as spam on what it contains alone. */
const LINK_FARM =
  'Cheap backlinks and guaranteed first page on Google! ' +
  'http://seo-1.example http://seo-2.example http://seo-3.example http://seo-4.example http://seo-5.example';

test('a link farm lands in the spam folder with its reasons; "Not spam" moves it back, "Mark as spam" files it again', async ({
  page,
}) => {
  const spammer = unique('Link farmer');
  await createContact(page.request, {
    name: spammer,
    email: 'farm@example.com',
    message: LINK_FARM,
  });
  // Newest first: the enquiry just sent is on the first page, however many others wait.
  await openContacts(page, { sort: 'newest' });
  await expect(page.getByRole('heading', { name: 'Contact Submissions' })).toBeVisible();
  await expect(cardOf(page, spammer)).toHaveCount(0);

  const spamFolder = page.getByRole('button', { name: /^Spam \(\d+\)$/ });
  await spamFolder.click();
  await expect(spamFolder).toHaveAttribute('aria-pressed', 'true');
  const card = cardOf(page, spammer);
  await expect(card).toContainText('Signs of spam:');
  await expect(card).toContainText('Contains 5 links');
  await expect(card).toContainText('Typical spam phrases (SEO, casino, …)');
  await expect(card.getByTestId('reply-marker')).toHaveCount(0);
  await expect(card.getByRole('button', { name: /^Mark as replied/ })).toHaveCount(0);
  // The inbox's read, reply and order controls belong to the inbox.
  await expect(page.getByLabel('Order')).toHaveCount(0);
  expect(await seriousViolations(page)).toEqual([]);

  await card.getByRole('button', { name: /^Not spam/ }).click();
  // The e2e server runs without SMTP_URL: no alert is sent, and the toast does not claim one.
  const moved = toast(page, 'Moved back to the inbox');
  await expect(moved).toBeVisible();
  await expect(moved).not.toContainText('alert');
  await expect(card).toHaveCount(0);

  await page.getByRole('button', { name: /^Inbox/ }).click();
  await expect(card.getByText('New', { exact: true })).toBeVisible();
  await card.getByRole('button', { name: /^Mark as spam/ }).click();
  await expect(toast(page, 'Moved to the spam folder')).toBeVisible();
  await expect(card).toHaveCount(0);
  await spamFolder.click();
  await expect(card).toBeVisible();
  await expect(card).toContainText('Contains 5 links');
});

test('Export CSV downloads the list on screen: UTF-8, a header row, one row per enquiry', async ({
  page,
}) => {
  const name = unique('Exported Ção');
  await createContact(page.request, {
    name,
    email: 'export@example.com',
    company: 'Metalúrgica, "Norte"',
    message: '=1+1 is how our line\nplans its shifts.',
  });
  const spammer = unique('Exported farmer');
  await createContact(page.request, { name: spammer, email: 'f@example.com', message: LINK_FARM });
  // Newest first: the enquiry just sent is on the first page, however many others wait.
  await openContacts(page, { sort: 'newest' });
  await expect(cardOf(page, name)).toBeVisible();

  const save = async () => {
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Export CSV' }).click(),
    ]);
    return {
      filename: download.suggestedFilename(),
      text: await readFile((await download.path())!, 'utf8'),
    };
  };

  const inbox = await save();
  expect(inbox.filename).toMatch(/^enquiries-\d{4}-\d{2}-\d{2}\.csv$/);
  const [header] = inbox.text.replace(/^\uFEFF/, '').split('\r\n');
  expect(header).toBe(
    'id,created_at (UTC),created_at (Europe/Lisbon),name,email,company,message,source_path,' +
      'language,read,' +
      'assignee,due_at (UTC),due_at (Europe/Lisbon),replied_at (UTC),replied_at (Europe/Lisbon),spam',
  );
  expect(inbox.text).toContain(name);
  // RFC 4180 quoting and no formula.
  expect(inbox.text).toContain('"Metalúrgica, ""Norte"""');
  expect(inbox.text).toContain(`"'=1+1 is how our line\nplans its shifts."`);
  expect(inbox.text).not.toContain(spammer);
  await expect(page.getByTestId('export-scope')).toHaveText('Every enquiry in the inbox');

  // A search on screen narrows the file to its matches, and the button says so.
  await openContacts(page, { q: name });
  await expect(cardOf(page, name)).toBeVisible();
  await expect(page.getByTestId('export-scope')).toHaveText(
    'Only the enquiries that match the search and filters',
  );
  const searched = await save();
  expect(searched.filename).toMatch(/^enquiries-filtered-\d{4}-\d{2}-\d{2}\.csv$/);
  const rows = searched.text.split('\r\n').filter(Boolean);
  expect(rows).toHaveLength(2);
  expect(rows[1]).toContain(name);

  await openContacts(page, { sort: 'newest' });
  await page.getByRole('button', { name: /^Spam/ }).click();
  await expect(cardOf(page, spammer)).toBeVisible();
  const spam = await save();
  expect(spam.filename).toMatch(/^spam-enquiries-\d{4}-\d{2}-\d{2}\.csv$/);
  expect(spam.text).toContain(spammer);
  expect(spam.text).not.toContain(name);
});

test('the Contacts tab says e-mail is off (the e2e server has no SMTP_URL), and is accessible with markers on screen', async ({
  page,
}) => {
  const late = unique('Overdue for axe');
  const id = await createContact(page.request, {
    name: late,
    email: 'axe@example.com',
    message: 'Checking the contrast of an overdue marker.',
  });
  await backdateContact(id, 30);
  await openContacts(page, { q: late }, ownAdmin('spam-language'));
  const notice = page.getByTestId('mail-status');
  await expect(notice).toHaveAttribute('role', 'status');
  await expect(notice).toContainText('E-mail is off');
  await expect(notice).toContainText('SMTP_URL');
  await expect(cardOf(page, late).getByTestId('reply-marker')).toHaveText('Overdue');
  expect(await seriousViolations(page)).toEqual([]);
  // Its reply editor too, which says replies cannot be sent while e-mail is off.
  await cardOf(page, late)
    .getByRole('button', { name: /^Reply/ })
    .click();
  await expect(cardOf(page, late).getByText(/replies cannot be sent from here/)).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await cardOf(page, late)
    .getByRole('button', { name: /^Close reply/ })
    .click();

  await chooseAdminLanguage(page, 'Language', 'pt');
  await expect(notice).toContainText('O e-mail está desligado');
  await expect(cardOf(page, late).getByTestId('reply-marker')).toHaveText('Em atraso');
});

test('a link to one enquiry (the staff alert’s) opens the Contacts tab on its card', async ({
  page,
}) => {
  const name = unique('Linked enquirer');
  const id = await createContact(page.request, {
    name,
    email: 'linked@example.com',
    message: 'This is the enquiry the alert e-mail points to.',
  });
  // Enough others that it sits below the fold.
  for (let i = 0; i < 6; i++) {
    await createContact(page.request, {
      name: unique('Newer enquirer'),
      email: 'newer@example.com',
      message: 'A newer enquiry that pushes the linked one down.',
    });
  }
  await giveAdminSession(page);
  await page.goto(`/admin?tab=contacts&contact=${id}`);
  const card = cardOf(page, name);
  await expect(card).toBeFocused();
  await expect(card).toBeInViewport();
  await expect(page).toHaveURL(/\/admin\?tab=contacts$/);
});

test('a link to an enquiry beyond the first page shows it above the list, focused, to act on', async ({
  page,
}) => {
  const tag = unique('far').replace(' ', '');
  // Due before it, so the list (soonest due first) has it on a later page.
  for (let i = 0; i < 21; i++) {
    await createContact(page.request, {
      name: unique('Earlier enquirer'),
      email: 'earlier@example.com',
      message: `An enquiry due before the linked one (${tag}).`,
    });
  }
  const name = unique('Far enquirer');
  const id = await createContact(page.request, {
    name,
    email: 'far@example.com',
    message: 'The enquiry the assignment e-mail points to.',
  });
  await giveAdminSession(page);
  await page.goto(`/admin?tab=contacts&contact=${id}`);
  const linked = page.getByRole('region', { name: 'The enquiry you opened' });
  const card = linked.getByTestId('contact-card');
  await expect(card.getByRole('heading', { name, exact: true })).toBeVisible();
  await expect(card).toBeFocused();
  await expect(page).toHaveURL(/\/admin\?tab=contacts$/);
  await expect(page.getByTestId('contact-card').filter({ hasText: name })).toHaveCount(1);

  await card.getByRole('button', { name: /^Mark as read/ }).click();
  await expect(card.getByText('Read', { exact: true })).toBeVisible();
  await card.getByRole('button', { name: /^Delete/ }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click();
  await expect(toast(page, 'Contact deleted successfully')).toBeVisible();
  await expect(linked).toHaveCount(0);
  await expect(toast(page, 'Failed to load data')).toHaveCount(0);
});
