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

test('the privacy notice, embedded by its own page only, shows after client-side visits and switches', async ({
  page,
}) => {
  await gotoHydrated(page, '/news');
  const embedded = await page.evaluate(
    () =>
      JSON.parse(document.getElementById('site-catalogue')!.textContent!) as Record<
        string,
        Record<string, unknown>
      >,
  );
  expect(Object.keys(embedded)).toEqual(['en']);
  expect(embedded.en!.privacy).toBeUndefined();
  // Set on this document: still there after the steps below, none of them loaded a page.
  await page.evaluate(() => Object.assign(window, { samePage: true }));

  await page.getByRole('button', { name: /Change language/ }).click();
  await page.getByRole('menuitemradio', { name: 'Deutsch' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Neuigkeiten und Innovationen');
  await page.getByRole('contentinfo').getByRole('link', { name: 'Datenschutz' }).click();
  const title = page.getByRole('heading', { level: 1, name: PRIVACY.de.title });
  await expect(title).toBeVisible();
  await expect(title).toBeFocused();
  await expect(page.getByRole('heading', { level: 2, name: PRIVACY.de.section })).toBeVisible();

  // Back to the page's first language, whose embedded texts left the notice out.
  await page.getByRole('button', { name: /Sprache ändern/ }).click();
  await page.getByRole('menuitemradio', { name: 'English' }).click();
  await expect(page.getByRole('heading', { level: 1, name: PRIVACY.en.title })).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: PRIVACY.en.section })).toBeVisible();
  await expect(page.locator('main')).not.toContainText('privacy.');
  expect(await page.evaluate(() => (window as { samePage?: boolean }).samePage)).toBe(true);
});
