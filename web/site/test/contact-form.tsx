import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import type { ComponentProps } from 'react';
import { I18nextProvider } from 'react-i18next';
import type { Language } from '#shared/languages';
import { i18nFor } from '../../common/i18n';
import { Toaster } from '../../common/toast';
import { ContactForm } from '../pages/contact/ContactForm';

/** The contact form in `language` as the page holds it, for a render of a test's own (hydrated). */
export const contactFormIn = (
  language: Language = 'en',
  props: ComponentProps<typeof ContactForm> = {},
) => (
  <I18nextProvider i18n={i18nFor(language)}>
    <ContactForm {...props} />
  </I18nextProvider>
);

/**
 * The contact form as the page shows it in a new tab (nothing typed earlier kept), with the
 * toasts beside it; `props`: the outcome of a form posted without JavaScript.
 */
export function renderContactForm(
  language: Language = 'en',
  props: ComponentProps<typeof ContactForm> = {},
) {
  window.sessionStorage.clear();
  return render(
    <>
      <Toaster />
      {contactFormIn(language, props)}
    </>,
  );
}

/**
 * The form made again in the same tab, in place of the one shown (another language's page,
 * back from the privacy notice): what the tab kept of the visit stays.
 */
export function renderContactFormAgain(language: Language) {
  cleanup();
  return render(contactFormIn(language));
}

/** A field of the form by its label. */
export const field = (label: RegExp) => screen.getByLabelText(label) as HTMLInputElement;

/** Types a value into a field and leaves it, as a visitor does. */
export function type(input: HTMLElement, value: string) {
  fireEvent.change(input, { target: { value } });
  fireEvent.blur(input);
}

/** An answer of the API as the server makes it. */
export const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

/** Fills the three required fields with a valid enquiry. */
export function fillRequired() {
  type(field(/^Name/), 'Ana Silva');
  type(field(/^Email/), 'ana@example.pt');
  type(field(/^Message/), 'We need a robot cell for welding.');
}

/** Presses the English form's Send button. */
export const send = () => fireEvent.click(screen.getByRole('button', { name: 'Send Message' }));

/** What the English form says when a part of its code could not be fetched. */
export const UNSENT =
  'Network error: your message could not be sent. Please try again; if it still fails, copy your text, reload the page and send it again.';
