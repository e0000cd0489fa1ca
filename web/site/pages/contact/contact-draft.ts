import { CONTACT_FIELDS, type ContactField } from '#shared/contact';

/**
 * What the visitor has typed into the contact form, kept for the visit in
 * this tab (sessionStorage) until it is sent: switching the language (the
 * form is made again, or the page loaded in the other language), reading the
 * privacy notice and coming back, finds it in the form again. Only the four
 * fields are kept, never the honeypot. Small on purpose: the page's loader
 * (hydrate-on-intent) puts it back into the server's form before any
 * framework is loaded.
 */
const KEY = 'contactDraft';

export type ContactDraft = Record<ContactField, string>;

/** The contact form in the page, for the loader to find (ContactForm marks it). */
const CONTACT_FORM = 'form[data-contact-form]';

const isEmpty = (values: ContactDraft) => CONTACT_FIELDS.every((field) => values[field] === '');

/** The text kept earlier in this tab; null when there is none (or storage is unavailable). */
export function readContactDraft(): ContactDraft | null {
  try {
    const kept = JSON.parse(window.sessionStorage.getItem(KEY) ?? 'null') as unknown;
    if (!kept || typeof kept !== 'object') return null;
    const text = (field: ContactField) => {
      const value = (kept as Record<string, unknown>)[field];
      return typeof value === 'string' ? value : '';
    };
    const draft = Object.fromEntries(CONTACT_FIELDS.map((field) => [field, text(field)]));
    return isEmpty(draft as ContactDraft) ? null : (draft as ContactDraft);
  } catch {
    return null;
  }
}

/** Keeps the form's text (forgets it once every field is empty). */
export function keepContactDraft(values: ContactDraft): void {
  try {
    const fields = Object.fromEntries(CONTACT_FIELDS.map((field) => [field, values[field]]));
    if (isEmpty(values)) window.sessionStorage.removeItem(KEY);
    else window.sessionStorage.setItem(KEY, JSON.stringify(fields));
  } catch {
    // No storage (privacy settings, full): the text lasts as long as the form.
  }
}

/** Forgets the text: it has been sent. */
export function clearContactDraft(): void {
  try {
    window.sessionStorage.removeItem(KEY);
  } catch {
    // Nothing was kept.
  }
}

/**
 * Puts the kept text into the server's contact form in `root`, when the
 * form is as the server made it for a first visit: every field empty. A
 * form that shows what the visitor posted without JavaScript keeps it; the
 * thanks for an enquiry sent so (`?sent=1`) forgets the text instead.
 */
export function restoreContactDraft(root: Element | null, search: string): void {
  const form = root?.querySelector<HTMLFormElement>(CONTACT_FORM);
  if (!form) return;
  if (new URLSearchParams(search).get('sent') === '1') {
    clearContactDraft();
    return;
  }
  const draft = readContactDraft();
  const inputs = CONTACT_FIELDS.map((field) => form.elements.namedItem(field));
  const fields = inputs.filter(
    (input): input is HTMLInputElement | HTMLTextAreaElement =>
      input instanceof HTMLInputElement || input instanceof HTMLTextAreaElement,
  );
  if (!draft || fields.some((input) => input.value !== '')) return;
  for (const input of fields) input.value = draft[input.name as ContactField];
}
