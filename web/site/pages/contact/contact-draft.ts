import { CONTACT_FIELDS, type ContactField } from '#shared/contact';

/**
 * What the visitor has typed into the contact form, kept for the visit in
 * this tab (sessionStorage) until it is sent: switching the language (the
 * form is made again, or the page loaded in the other language), reading the
 * privacy notice and coming back, finds it in the form again. Only the four
 * fields are kept, never the honeypot. Small on purpose: the page's loader
 * (hydrate-on-intent) puts it back into the server's form before any
 * framework is loaded.
 *
 * With the text goes the moment the form was first shown to the visitor
 * who wrote it (`startedAt`, ms since the epoch): a form that gets the text
 * back measures its fill time (the server's spam check) from then, not from
 * its own render, or a visitor back from the privacy notice who sends at
 * once looks like a bot.
 */
const KEY = 'contactDraft';

export type ContactDraft = Record<ContactField, string>;

/** What the tab kept: the text, and its start (null when unknown: a draft kept before starts were). */
export type KeptDraft = { values: ContactDraft; startedAt: number | null };

/** A start further back counts as this long ago: a tab may keep a draft for days. */
export const DRAFT_START_MAX_AGE_MS = 24 * 60 * 60 * 1000;

/**
 * `startedAt` as a start the fill time can be measured from at `now`, or
 * null: not a time, or one still to come (a clock set back, a value not
 * ours), from which a fill time would be tiny or negative. An older start
 * is brought forward to DRAFT_START_MAX_AGE_MS ago.
 */
export function draftStart(startedAt: unknown, now: number): number | null {
  if (typeof startedAt !== 'number' || !Number.isFinite(startedAt) || startedAt > now) return null;
  return Math.max(startedAt, now - DRAFT_START_MAX_AGE_MS);
}

/** The contact form in the page, for the loader to find (ContactForm marks it). */
const CONTACT_FORM = 'form[data-contact-form]';

const isEmpty = (values: ContactDraft) => CONTACT_FIELDS.every((field) => values[field] === '');

/**
 * The text kept earlier in this tab and its start as of `now` (draftStart);
 * null when there is none (or storage is unavailable).
 */
export function readContactDraft(now = Date.now()): KeptDraft | null {
  try {
    const kept = JSON.parse(window.sessionStorage.getItem(KEY) ?? 'null') as unknown;
    if (!kept || typeof kept !== 'object') return null;
    const { startedAt, ...fields } = kept as Record<string, unknown>;
    const text = (field: ContactField) => {
      const value = fields[field];
      return typeof value === 'string' ? value : '';
    };
    const values = Object.fromEntries(CONTACT_FIELDS.map((field) => [field, text(field)]));
    if (isEmpty(values as ContactDraft)) return null;
    return { values: values as ContactDraft, startedAt: draftStart(startedAt, now) };
  } catch {
    return null;
  }
}

/**
 * Keeps the form's text and its start (null: unknown, and kept so; never
 * made up, or a later form would measure from it) and forgets them once
 * every field is empty.
 */
export function keepContactDraft(values: ContactDraft, startedAt: number | null): void {
  try {
    const fields = Object.fromEntries(CONTACT_FIELDS.map((field) => [field, values[field]]));
    if (isEmpty(values)) window.sessionStorage.removeItem(KEY);
    else window.sessionStorage.setItem(KEY, JSON.stringify({ ...fields, startedAt }));
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
  const draft = readContactDraft()?.values;
  const inputs = CONTACT_FIELDS.map((field) => form.elements.namedItem(field));
  const fields = inputs.filter(
    (input): input is HTMLInputElement | HTMLTextAreaElement =>
      input instanceof HTMLInputElement || input instanceof HTMLTextAreaElement,
  );
  if (!draft || fields.some((input) => input.value !== '')) return;
  for (const input of fields) input.value = draft[input.name as ContactField];
}
