import { expect, test, type Page } from '@playwright/test';
import type { Contact } from '#shared/contact';
import { adminApi, gotoHydrated } from './site-support';

type Lang = 'en' | 'pt' | 'de';
type Texts = {
  labels: [name: string, email: string, company: string, message: string];
  submit: string;
  required: [name: string, email: string, message: string];
  invalid: [nameMin: string, emailInvalid: string, companyMin: string, messageMin: string];
  fix: string;
};

/** The form's texts, written out per language so a catalogue drift fails here. */
const TEXTS: Record<Lang, Texts> = {
  en: {
    labels: ['Name', 'Email', 'Company', 'Message'],
    submit: 'Send Message',
    required: ['Name is required', 'Email is required', 'Message is required'],
    invalid: [
      'Name must be at least 2 characters',
      'Please enter a valid email address',
      'Company name must be at least 2 characters',
      'Message must be at least 10 characters',
    ],
    fix: 'Please fix the errors in the form before submitting.',
  },
  pt: {
    labels: ['Nome', 'E-mail', 'Empresa', 'Mensagem'],
    submit: 'Enviar mensagem',
    required: ['O nome é obrigatório', 'O e-mail é obrigatório', 'A mensagem é obrigatória'],
    invalid: [
      'O nome deve ter pelo menos 2 caracteres',
      'Introduza um endereço de e-mail válido',
      'O nome da empresa deve ter pelo menos 2 caracteres',
      'A mensagem deve ter pelo menos 10 caracteres',
    ],
    fix: 'Corrija os erros do formulário antes de o enviar.',
  },
  de: {
    labels: ['Name', 'E-Mail', 'Unternehmen', 'Nachricht'],
    submit: 'Nachricht senden',
    required: ['Name ist erforderlich', 'E-Mail ist erforderlich', 'Nachricht ist erforderlich'],
    invalid: [
      'Der Name muss mindestens 2 Zeichen lang sein',
      'Bitte geben Sie eine gültige E-Mail-Adresse ein',
      'Der Firmenname muss mindestens 2 Zeichen lang sein',
      'Die Nachricht muss mindestens 10 Zeichen lang sein',
    ],
    fix: 'Bitte korrigieren Sie die Fehler im Formular, bevor Sie es absenden.',
  },
};

const SUCCESS = "Thank you for your inquiry. We'll get back to you within 24 hours.";

const toast = (page: Page, text: string) =>
  page.locator('[data-sonner-toast]').filter({ hasText: text }).first();

function fields(page: Page, t: Texts) {
  const box = (label: string) => page.getByRole('textbox', { name: new RegExp(`^${label}\\b`) });
  const [name, email, company, message] = t.labels;
  return {
    name: box(name),
    email: box(email),
    company: box(company),
    message: box(message),
    submit: page.getByRole('button', { name: t.submit }),
  };
}

/** Opens /contact and waits until the form is hydrated (it then turns off native validation). */
async function openContact(page: Page, lang: Lang) {
  await gotoHydrated(page, `/contact?lang=${lang}`);
  await expect(page.locator('form[novalidate]')).toHaveCount(1);
}

for (const lang of ['en', 'pt', 'de'] as const) {
  test(`the contact form speaks ${lang}: required, invalid and the submit notice`, async ({
    page,
  }) => {
    const t = TEXTS[lang];
    await openContact(page, lang);
    const f = fields(page, t);

    await f.submit.click();
    for (const text of t.required)
      await expect(page.getByText(text, { exact: true })).toBeVisible();
    await expect(toast(page, t.fix)).toBeVisible();
    await expect(f.name).toHaveAttribute('aria-invalid', 'true');
    await expect(f.name).toBeFocused();
    await expect(f.submit).toBeDisabled();

    await f.name.fill(' A ');
    await f.email.fill('someone@example');
    await f.company.fill('X');
    await f.message.fill('too short');
    await f.message.blur();
    for (const text of t.invalid) await expect(page.getByText(text, { exact: true })).toBeVisible();
    const errorId = await f.email.getAttribute('aria-describedby');
    await expect(page.locator(`[id="${errorId}"]`)).toHaveText(t.invalid[1]);
    await expect(f.submit).toBeDisabled();
  });
}

test('clicking Send while a field with an error has focus still submits and shows the notice', async ({
  page,
}) => {
  const t = TEXTS.en;
  await openContact(page, 'en');
  const f = fields(page, t);
  await f.company.fill('X');
  await f.submit.click();
  await expect(toast(page, t.fix)).toBeVisible();
  for (const text of [...t.required, t.invalid[2]])
    await expect(page.getByText(text, { exact: true })).toBeVisible();
  await expect(f.name).toBeFocused();
});

for (const viewport of [
  { width: 390, height: 844 },
  { width: 1440, height: 900 },
]) {
  test(`at ${viewport.width} px a refused submit shows the first field with its label clear of the header`, async ({
    page,
  }, testInfo) => {
    await page.setViewportSize(viewport);
    const t = TEXTS.en;
    await openContact(page, 'en');
    const f = fields(page, t);
    const header = page.getByRole('banner');
    const label = page.locator(`label[for="${await f.name.getAttribute('id')}"]`);
    /** How far the label's top is below the sticky header's bottom (negative: under it). */
    const clearance = async () => {
      const [bar, text] = await Promise.all([header.boundingBox(), label.boundingBox()]);
      return text!.y - (bar!.y + bar!.height);
    };

    // Scrolled down to the form: the Name box just below the header, its label under it, Send in view.
    await f.name.evaluate((box) => {
      const bar = document.querySelector('header')!.getBoundingClientRect();
      window.scrollBy(0, box.getBoundingClientRect().top - bar.bottom);
    });
    expect(await clearance()).toBeLessThan(0);
    await expect(f.submit).toBeInViewport();

    await f.submit.click();
    await expect(f.name).toBeFocused();
    await expect(f.name).toBeInViewport();
    await page.screenshot({ path: testInfo.outputPath(`refused-${viewport.width}.png`) });
    expect(await clearance()).toBeGreaterThanOrEqual(0);
  });
}

test('a valid enquiry reaches the database, toasts success and clears the form', async ({
  page,
}) => {
  const t = TEXTS.en;
  const name = `Ana Journey ${Date.now().toString(36)}`;
  await openContact(page, 'en');
  const f = fields(page, t);
  await f.name.fill(`  ${name}  `);
  await f.email.fill('ana.journey@example.pt');
  await f.company.fill('Metalúrgica do Norte');
  await f.message.fill('We would like a quote for a welding robot cell.');
  await f.submit.click();

  await expect(toast(page, SUCCESS)).toBeVisible();
  await expect(toast(page, SUCCESS)).toContainText('Success');
  await expect(f.name).toHaveValue('');
  await expect(f.message).toHaveValue('');
  await expect(page.locator('[aria-invalid="true"]')).toHaveCount(0);

  const admin = await adminApi();
  const list = await admin.get('/api/contacts');
  expect(list.ok()).toBe(true);
  const stored = ((await list.json()) as { data: Contact[] }).data.find((c) => c.name === name);
  expect(stored).toMatchObject({
    name,
    email: 'ana.journey@example.pt',
    company: 'Metalúrgica do Norte',
    message: 'We would like a quote for a welding robot cell.',
    read: false,
  });
  await admin.dispose();
});

test('server and network failures show their texts as error toasts', async ({ page }) => {
  const t = TEXTS.en;
  await openContact(page, 'en');
  const f = fields(page, t);
  await f.name.fill('Ana Silva');
  await f.email.fill('ana@example.pt');
  await f.message.fill('A message long enough to send.');

  await page.route('**/api/contacts', (route) =>
    route.fulfill({ status: 429, json: { error: 'Too many enquiries. Please try again later.' } }),
  );
  await f.submit.click();
  await expect(toast(page, 'Too many enquiries. Please try again later.')).toBeVisible();
  await expect(f.name).toHaveValue('Ana Silva');

  await page.unroute('**/api/contacts');
  await page.route('**/api/contacts', (route) => route.abort('connectionrefused'));
  await f.submit.click();
  await expect(
    toast(
      page,
      'Network error: Unable to connect to the server. Please check if the backend is running.',
    ),
  ).toBeVisible();
});

test('fields carry required, types, autocomplete and 5 rows; the honeypot is out of reach', async ({
  page,
}) => {
  await openContact(page, 'en');
  const f = fields(page, TEXTS.en);
  for (const field of [f.name, f.email, f.message])
    await expect(field).toHaveAttribute('required', '');
  await expect(f.company).not.toHaveAttribute('required');
  await expect(f.email).toHaveAttribute('type', 'email');
  await expect(f.email).toHaveAttribute('autocomplete', 'email');
  await expect(f.message).toHaveAttribute('rows', '5');

  const trap = page.locator('input[name="extra_comment"]');
  await expect(trap).toHaveAttribute('tabindex', '-1');
  await expect(trap).toHaveAttribute('autocomplete', 'off');
  const box = await trap.boundingBox();
  expect(box === null || box.x + box.width <= 0).toBe(true);
  await expect(page.getByRole('textbox', { name: /Leave this field empty/ })).toHaveCount(0);

  // Out of the tab order: from the message box, Tab goes straight to the button.
  await f.message.fill('A message long enough to send.');
  await page.keyboard.press('Tab');
  await expect(f.submit).toBeFocused();
});

test('the form is in the server-rendered HTML and hydrates without warnings', async ({
  browser,
}) => {
  const noJs = await browser.newContext({ javaScriptEnabled: false });
  const page = await noJs.newPage();
  await page.goto('/contact?lang=de');
  await expect(page.getByRole('heading', { level: 1, name: 'Kontakt' })).toBeVisible();
  await expect(page.getByRole('textbox', { name: /^Nachricht/ })).toHaveAttribute('rows', '5');
  await expect(
    page.getByRole('main').getByRole('link', { name: '+351 220 145 870' }),
  ).toHaveAttribute('href', 'tel:+351220145870');
  await noJs.close();

  const js = await browser.newContext();
  const live = await js.newPage();
  const problems: string[] = [];
  live.on('console', (m) => m.type() === 'error' && problems.push(m.text()));
  live.on('pageerror', (e) => problems.push(e.message));
  await openContact(live, 'pt');
  await expect(live.getByRole('heading', { level: 1, name: 'Contacte-nos' })).toBeVisible();
  expect(problems).toEqual([]);
  await js.close();
});
