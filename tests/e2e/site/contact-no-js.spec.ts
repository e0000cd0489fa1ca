import { expect, test } from '@playwright/test';
import type { Contact } from '#shared/contact';
import { adminApi } from './site-support';

/** A visitor without JavaScript: the server checks the form, keeps what was typed, and sends it. */
test.use({ javaScriptEnabled: false });

test('the contact form works without JavaScript and loses nothing typed', async ({ page }) => {
  const email = `no-js-${Date.now().toString(36)}@example.pt`;
  await page.goto('/contact?lang=de');
  await page.getByLabel(/^Name/).fill('A');
  await page.getByLabel(/^E-Mail/).fill(email);
  await page.getByLabel(/^Nachricht/).fill('Zu kurz');
  await page.getByRole('button', { name: 'Nachricht senden' }).click();

  // Back from the server: the German messages under the fields, the values kept.
  await expect(page).toHaveURL(/\/contact/);
  await expect(page.getByRole('alert').first()).toContainText('Bitte');
  await expect(page.getByText('Der Name muss mindestens 2 Zeichen lang sein')).toBeVisible();
  await expect(page.getByText('Die Nachricht muss mindestens 10 Zeichen lang sein')).toBeVisible();
  await expect(page.getByLabel(/^E-Mail/)).toHaveValue(email);
  await expect(page.getByLabel(/^Name/)).toHaveAttribute('aria-invalid', 'true');

  await page.getByLabel(/^Name/).fill('Anke Weber');
  await page.getByLabel(/^Nachricht/).fill('Wir planen eine Roboterzelle für die Endmontage.');
  await page.getByRole('button', { name: 'Nachricht senden' }).click();
  await expect(page).toHaveURL(/\/contact\?sent=1$/);
  await expect(page.getByRole('status')).toContainText('24');

  const api = await adminApi();
  const contacts = (await (await api.get('/api/contacts')).json()) as { data: Contact[] };
  expect(contacts.data.find((c) => c.email === email)).toMatchObject({
    name: 'Anke Weber',
    message: 'Wir planen eine Roboterzelle für die Endmontage.',
    read: false,
  });
  await api.dispose();
});
