import { expect, test } from '@playwright/test';
import type { Contact } from '#shared/contact';
import { E2E } from '../../support/e2e-env';
import { adminApi, gotoHydrated } from './site-support';

/** The note under the form, its link and the privacy page's heading, per language. */
const PRIVACY = {
  en: {
    note: 'We use your details only to answer your enquiry and never pass them on for marketing.',
    link: 'How we handle your data',
    title: 'Privacy notice',
    section: 'Your rights',
  },
  pt: {
    note: 'Usamos os seus dados apenas para responder ao seu pedido e nunca os cedemos para fins de marketing.',
    link: 'Como tratamos os seus dados',
    title: 'Política de privacidade',
    section: 'Os seus direitos',
  },
  de: {
    note: 'Wir verwenden Ihre Angaben nur, um Ihre Anfrage zu beantworten, und geben sie nie zu Werbezwecken weiter.',
    link: 'So gehen wir mit Ihren Daten um',
    title: 'Datenschutzerklärung',
    section: 'Ihre Rechte',
  },
} as const;

for (const lang of ['en', 'pt', 'de'] as const) {
  test(`the privacy note under the ${lang} form leads to the privacy page in ${lang}`, async ({
    page,
  }) => {
    const texts = PRIVACY[lang];
    // The language's own addresses (/pt/…, /de/…): the link keeps the visitor in them.
    const prefix = lang === 'en' ? '' : `/${lang}`;
    await gotoHydrated(page, `${prefix}/contact`);
    await expect(page.locator('form[novalidate]')).toHaveCount(1);
    const note = page.getByText(texts.note);
    await expect(note).toBeVisible();
    // Under the form, not above it.
    const formBox = (await page.locator('form').boundingBox())!;
    const noteBox = (await note.boundingBox())!;
    expect(noteBox.y).toBeGreaterThanOrEqual(formBox.y + formBox.height - 1);

    await page.getByRole('link', { name: texts.link }).click();
    await expect(page).toHaveURL(new RegExp(`[^/]${prefix}/privacy$`));
    await expect(page.getByRole('heading', { level: 1, name: texts.title })).toBeVisible();
    await expect(page.getByRole('heading', { level: 2, name: texts.section })).toBeVisible();
    await expect(page).toHaveTitle(new RegExp(`^${texts.title}`));
  });
}

test('an enquiry sent from the Portuguese form is stored in Portuguese with the time it took to fill in', async ({
  page,
}) => {
  const name = `Rui Privacidade ${Date.now().toString(36)}`;
  await gotoHydrated(page, '/contact?lang=pt');
  await expect(page.locator('form[novalidate]')).toHaveCount(1);
  const box = (label: string) => page.getByRole('textbox', { name: new RegExp(`^${label}\\b`) });
  await box('Nome').fill(name);
  await box('E-mail').fill('rui@example.pt');
  await box('Mensagem').fill('Gostaríamos de um orçamento para uma célula de soldadura.');
  // A person takes a while to write: the form measures it in the browser.
  await page.waitForTimeout(1_200);

  const [request] = await Promise.all([
    page.waitForRequest((r) => r.url() === `${E2E.baseUrl}/api/contacts` && r.method() === 'POST'),
    page.getByRole('button', { name: 'Enviar mensagem' }).click(),
  ]);
  const body = request.postDataJSON() as { language: string; form_ms: number };
  expect(body.language).toBe('pt');
  expect(Number.isInteger(body.form_ms)).toBe(true);
  expect(body.form_ms).toBeGreaterThanOrEqual(1_200);
  await expect(page.locator('[data-sonner-toast]').first()).toBeVisible();

  const api = await adminApi();
  const list = await api.get('/api/contacts');
  expect(list.ok()).toBe(true);
  const stored = ((await list.json()) as { data: Contact[] }).data.find((c) => c.name === name);
  expect(stored).toMatchObject({ language: 'pt', spam: false, replied_at: null });
  await api.dispose();
});
