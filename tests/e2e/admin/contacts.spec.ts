import { expect, test, type Locator } from '@playwright/test';
import { createContact, openContacts, openDashboard, toast, unique } from './support';

/** Border colour and ring (box-shadow) as the browser paints them. */
const outline = (card: Locator) =>
  card.evaluate((el) => {
    const s = getComputedStyle(el);
    return `${s.borderTopColor} | ${s.boxShadow}`;
  });

test('contacts: stats, read/unread, filter and delete with confirmation', async ({ page }) => {
  const name = unique('Enquirer');
  const plain = unique('Plain enquirer');
  await createContact(page.request, {
    name,
    email: 'enquirer@example.com',
    company: 'Acme Robotics',
    message: 'We would like a quote for two welding cells.',
  });
  await createContact(page.request, {
    name: plain,
    email: 'plain@example.com',
    message: 'No company given here, just a question.',
  });

  // Newest first: the enquiry just sent is on the first page, however many others wait.
  await openContacts(page, { sort: 'newest' });
  await expect(page.getByRole('tab', { name: /^Contacts \(\d+\)$/ })).toHaveAttribute(
    'aria-selected',
    'true',
  );
  await expect(page.getByRole('heading', { name: 'Contact Submissions' })).toBeVisible();
  expect(
    Number(await page.getByTestId('stat-total').locator('dd').textContent()),
  ).toBeGreaterThanOrEqual(2);
  expect(
    Number(await page.getByTestId('stat-last7').locator('dd').textContent()),
  ).toBeGreaterThanOrEqual(2);
  await expect(page.getByRole('img', { name: /enquiries in the last 30 days/ })).toBeVisible();

  // 'Unread' is the live number of unread enquiries the server lists, before and after a change.
  // The figures are read when the tab opens or a write is made, a list when it is shown: other
  // journeys send and change enquiries in between. So the two are compared as one load reads
  // them, together, and loaded again when an enquiry came between their reads.
  const unreadStat = page.getByTestId('stat-unread').locator('dd');
  const listed = page.getByText(/^\d+ enquir(y|ies)$/);
  const unreadMatchesList = () =>
    expect(async () => {
      await page.reload();
      await expect(listed).toBeVisible();
      const stat = Number(await unreadStat.textContent());
      expect(stat).toBe(parseInt((await listed.textContent()) ?? '', 10));
    }).toPass({ timeout: 15_000 });
  await page.getByLabel('Status').selectOption('unread');
  await expect(page).toHaveURL(/[?&]read=false/);
  await unreadMatchesList();
  expect(Number(await unreadStat.textContent())).toBeGreaterThanOrEqual(2);
  await page.getByLabel('Status').selectOption('all');

  const card = page.getByTestId('contact-card').filter({ hasText: name });
  const plainCard = page.getByTestId('contact-card').filter({ hasText: plain });
  const unreadOutline = await outline(card);
  expect(await outline(plainCard)).toBe(unreadOutline);
  await expect(card.getByText('New', { exact: true })).toBeVisible();
  await expect(card.getByText('Unread', { exact: true })).toBeVisible();
  await expect(card.getByRole('link', { name: 'enquirer@example.com' })).toHaveAttribute(
    'href',
    'mailto:enquirer@example.com',
  );
  await expect(card).toContainText('Acme Robotics');
  await expect(card).toContainText('We would like a quote for two welding cells.');
  // When it arrived: date and time (en-GB style), in the admin's time zone.
  await expect(card).toContainText(/Received \d{2}\/\d{2}\/\d{4}, \d{2}:\d{2}/);

  // The user's own change asks for the figures again at once, and 'Unread' shows the answer.
  const statsAfterWrite = page.waitForResponse(
    (response) => new URL(response.url()).pathname === '/api/contacts/stats',
    { timeout: 10_000 },
  );
  await card.getByRole('button', { name: /^Mark as read/ }).click();
  const { data: fresh } = (await (await statsAfterWrite).json()) as { data: { unread: number } };
  await expect(unreadStat).toHaveText(String(fresh.unread));
  await expect(card.getByText('Read', { exact: true })).toBeVisible();
  await expect(card.getByText('New', { exact: true })).toHaveCount(0);
  // Read enquiries lose the highlighted border; the unread one keeps it.
  expect(await outline(card)).not.toBe(unreadOutline);
  expect(await outline(plainCard)).toBe(unreadOutline);

  await page.getByLabel('Status').selectOption('unread');
  await expect(card).toHaveCount(0);
  await unreadMatchesList();
  await expect(card).toHaveCount(0);
  await expect(page.getByTestId('contact-card').filter({ hasText: plain })).toBeVisible();
  await page.getByLabel('Status').selectOption('read');
  await expect(card).toBeVisible();

  await card.getByRole('button', { name: /^Mark as unread/ }).click();
  await expect(card).toHaveCount(0);
  await page.getByLabel('Status').selectOption('all');
  await expect(card.getByText('Unread', { exact: true })).toBeVisible();

  await card.getByRole('button', { name: /^Delete/ }).click();
  const confirm = page.getByRole('alertdialog');
  await expect(confirm).toContainText('Are you sure you want to delete this contact?');
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(toast(page, 'Contact deleted successfully')).toBeVisible();
  await expect(card).toHaveCount(0);
});

test('a list that fails to load says why and shows empty, the other loads as usual', async ({
  page,
}) => {
  await page.route(/\/api\/contacts\?/, (route) =>
    route.fulfill({ status: 500, json: { error: 'The enquiry store is not answering' } }),
  );
  await openDashboard(page);
  // The tabs count from the server's totals, which still answer.
  await expect(page.getByRole('tab', { name: /^Contacts \(\d+\)$/ })).toBeVisible();
  await expect(page.getByRole('tab', { name: /^News \([1-9]\d*\)$/ })).toBeVisible();
  await page.getByRole('tab', { name: /^Contacts/ }).click();
  const failed = toast(page, 'The enquiry store is not answering');
  await expect(failed).toBeVisible();
  await expect(failed).toContainText('Error');
  await expect(page.getByText('No contact submissions yet.')).toBeVisible();
});

test('a long folder comes a page at a time, with its count, and the page is in the address', async ({
  page,
}) => {
  const tag = unique('paged').replace(' ', '');
  for (let i = 1; i <= 22; i++) {
    await createContact(page.request, {
      name: `Paged enquirer ${String(i).padStart(2, '0')}`,
      email: 'paged@example.com',
      message: `Enquiry number ${i} of a long run (${tag}).`,
    });
  }
  await openContacts(page, { q: tag });
  const cards = page.getByTestId('contact-card');
  await expect(cards).toHaveCount(20);
  await expect(page.getByText('22 enquiries', { exact: true })).toBeVisible();
  const pager = page.getByRole('navigation', { name: 'Enquiry pages' });
  await expect(pager).toContainText('Page 1 of 2 · 22 enquiries');
  // Soonest due first: the first to arrive leads.
  await expect(cards.first()).toContainText('Paged enquirer 01');

  // Turning the page asks for that page only: the statistics and the rest stay as they are.
  const asked: string[] = [];
  page.on('request', (request) => {
    const path = new URL(request.url()).pathname;
    if (path.startsWith('/api/')) asked.push(path);
  });
  await pager.getByRole('button', { name: 'Next' }).click();
  await expect(page).toHaveURL(/[?&]page=2/);
  await expect(cards).toHaveCount(2);
  expect(asked).toEqual(['/api/contacts']);
  await expect(cards.first()).toContainText('Paged enquirer 21');
  await expect(pager).toContainText('Page 2 of 2');
  await page.goBack();
  await expect(cards).toHaveCount(20);
  await expect(pager).toContainText('Page 1 of 2');
});
