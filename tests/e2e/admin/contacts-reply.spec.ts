import { expect, test, type Page } from '@playwright/test';
import {
  backdateContact,
  chooseAdminLanguage,
  createContact,
  openContacts,
  ownAdmin,
  toast,
  unique,
} from './support';

const cardOf = (page: Page, name: string) =>
  page
    .getByTestId('contact-card')
    .filter({ has: page.getByRole('heading', { name, exact: true }) });
const stat = (page: Page, key: string) => page.getByTestId(`stat-${key}`).locator('dd');
const statValue = async (page: Page, key: string) => Number(await stat(page, key).textContent());

/** Background colour of an element as the browser paints it. */
const paint = (page: Page, name: string) =>
  cardOf(page, name)
    .getByTestId('reply-marker')
    .evaluate((el) => getComputedStyle(el).backgroundColor);

test('marking an enquiry replied and back: marker, reply line, read state, toasts and totals', async ({
  page,
}) => {
  const name = unique('Replied enquirer');
  await createContact(page.request, {
    name,
    email: 'replied@example.com',
    message: 'Could you send us a quote for a palletising cell?',
  });
  // Newest first: the enquiry just sent is on the first page, however many others wait.
  await openContacts(page, { sort: 'newest' });
  const card = cardOf(page, name);
  await expect(card.getByText('Unread', { exact: true })).toBeVisible();
  await expect(card.getByTestId('received-ago')).toHaveText('now');
  await expect(card).toContainText('Written in English');
  await expect(card.getByTestId('reply-line')).toHaveText(/^Reply due in 23 hours$/);
  await expect(card.getByTestId('reply-marker')).toHaveCount(0);
  const unreplied = await statValue(page, 'unreplied');
  expect(unreplied).toBeGreaterThanOrEqual(1);

  await card.getByRole('button', { name: /^Mark as replied/ }).click();
  await expect(toast(page, 'Contact marked as replied')).toBeVisible();
  await expect(card.getByTestId('reply-marker')).toHaveText('Replied');
  await expect(card.getByTestId('reply-line')).toHaveText('Replied now');
  // Answering an enquiry means it was read.
  await expect(card.getByText('Read', { exact: true })).toBeVisible();
  await expect(card.getByText('New', { exact: true })).toHaveCount(0);
  await expect(stat(page, 'unreplied')).toHaveText(String(unreplied - 1));

  await card.getByRole('button', { name: /^Mark as not replied/ }).click();
  await expect(toast(page, 'Contact marked as not replied')).toBeVisible();
  await expect(card.getByTestId('reply-marker')).toHaveCount(0);
  await expect(card.getByTestId('reply-line')).toHaveText(/^Reply due in 23 hours$/);
  await expect(card.getByRole('button', { name: /^Mark as replied/ })).toBeVisible();
  await expect(stat(page, 'unreplied')).toHaveText(String(unreplied));
});

test('an enquiry waiting 21 hours is due soon, one waiting 26 hours overdue: in words, colour and totals', async ({
  page,
}) => {
  const soon = unique('Due soon enquirer');
  const late = unique('Overdue enquirer');
  const fresh = unique('Fresh enquirer');
  // A word the three messages share, to find them among all the others.
  const tag = unique('batch').replace(' ', '');
  const soonId = await createContact(page.request, {
    name: soon,
    email: 'soon@example.com',
    message: `We need twelve welding cells before the summer (${tag}).`,
  });
  const lateId = await createContact(page.request, {
    name: late,
    email: 'late@example.com',
    message: `Please call us about predictive maintenance (${tag}).`,
  });
  await createContact(page.request, {
    name: fresh,
    email: 'fresh@example.com',
    message: `Do you work with food packaging lines (${tag})?`,
  });
  const soonAt = await backdateContact(soonId, 21);
  await backdateContact(lateId, 26);

  await openContacts(page, { q: tag }, ownAdmin('reply-language'));
  const soonCard = cardOf(page, soon);
  const lateCard = cardOf(page, late);
  await expect(soonCard.getByTestId('reply-marker')).toHaveText('Due soon');
  await expect(soonCard.getByTestId('reply-line')).toHaveText('Reply due in 2 hours');
  await expect(soonCard.getByTestId('received-ago')).toHaveText('21 hours ago');
  await expect(soonCard.getByTestId('received-ago')).toHaveAttribute('datetime', soonAt);
  await expect(lateCard.getByTestId('reply-marker')).toHaveText('Overdue');
  await expect(lateCard.getByTestId('reply-line')).toHaveText('Reply was due 2 hours ago');
  await expect(lateCard.getByTestId('received-ago')).toHaveText('yesterday');
  await expect(cardOf(page, fresh).getByTestId('reply-marker')).toHaveCount(0);
  // Colour as well as words: the two markers look different.
  expect(await paint(page, soon)).not.toBe(await paint(page, late));
  expect(await statValue(page, 'overdue')).toBeGreaterThanOrEqual(1);

  // Only what is due soon or overdue.
  await page.getByLabel('Reply', { exact: true }).selectOption('late');
  await expect(soonCard).toBeVisible();
  await expect(lateCard).toBeVisible();
  await expect(cardOf(page, fresh)).toHaveCount(0);
  await page.getByLabel('Reply', { exact: true }).selectOption('all');

  // Once answered, the overdue one leaves the overdue count.
  const overdue = await statValue(page, 'overdue');
  await lateCard.getByRole('button', { name: /^Mark as replied/ }).click();
  await expect(lateCard.getByTestId('reply-marker')).toHaveText('Replied');
  await expect(stat(page, 'overdue')).toHaveText(String(overdue - 1));

  // The admin's language: markers and ages in German.
  await chooseAdminLanguage(page, 'Language', 'de');
  await expect(soonCard.getByTestId('reply-marker')).toHaveText('Bald fällig');
  await expect(soonCard.getByTestId('reply-line')).toHaveText('Antwort fällig in 2 Stunden');
  await expect(soonCard.getByTestId('received-ago')).toHaveText('vor 21 Stunden');
});

test('soonest due first by default, newest and unreplied first on request; search narrows the list', async ({
  page,
}) => {
  const waiting = unique('Waiting enquirer');
  const answered = unique('Answered enquirer');
  const tag = unique('pair').replace(' ', '');
  await createContact(page.request, {
    name: waiting,
    email: 'waiting@example.com',
    message: `Is your vision system certified for pharma? (${tag})`,
  });
  const answeredId = await createContact(page.request, {
    name: answered,
    email: 'answered@example.com',
    message: `Thanks for the call, we will be in touch. (${tag})`,
  });
  await openContacts(page, { q: tag });
  await page.request.put(`/api/contacts/${answeredId}/replied`, { data: { replied: true } });

  const position = async (name: string) =>
    (
      await page.getByTestId('contact-card').getByRole('heading', { level: 3 }).allTextContents()
    ).indexOf(name);
  await page.reload();
  await expect(cardOf(page, answered).getByTestId('reply-marker')).toHaveText('Replied');
  // Soonest due first by default, the answered one last.
  await expect(page.getByLabel('Order')).toHaveValue('due');
  expect(await position(waiting)).toBeLessThan(await position(answered));

  // Newest first: the answered one (sent later) comes first.
  await page.getByLabel('Order').selectOption('newest');
  await expect.poll(async () => (await position(answered)) < (await position(waiting))).toBe(true);
  // The order and the search are in the address: a reload keeps them.
  await expect(page).toHaveURL(/[?&]sort=newest/);
  await page.reload();
  await expect(page.getByLabel('Order')).toHaveValue('newest');
  await expect(page.getByLabel('Search')).toHaveValue(tag);
  await expect.poll(async () => (await position(answered)) < (await position(waiting))).toBe(true);

  await page.getByLabel('Order').selectOption('unreplied');
  await expect(page).toHaveURL(/[?&]sort=unreplied/);
  await expect.poll(async () => (await position(waiting)) < (await position(answered))).toBe(true);

  // The server searches every word, accents and case aside, as the start of a word.
  await page.getByLabel('Search').fill(`PHARMA certif ${tag}`);
  await expect(page.getByTestId('contact-card')).toHaveCount(1);
  await expect(cardOf(page, waiting)).toBeVisible();
  await expect(page.getByText('1 enquiry', { exact: true })).toBeVisible();
  await page.getByLabel('Search').fill('no such enquiry anywhere');
  await expect(page.getByText('No submissions match this filter.')).toBeVisible();
});
