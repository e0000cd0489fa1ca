import { LoaderCircle, Send } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  CONTACT_FIELDS,
  CONTACT_HONEYPOT_FIELD,
  type ContactField,
  type ContactSubmission,
} from '#shared/contact';
import { PostedNotice } from './PostedNotice';
import { FormField } from './FormField';
import { submitButton } from './form-styles';
import { Honeypot } from './Honeypot';
import { useContactForm, type ContactValues } from './useContactForm';

/** What the form's fields hold right now, by name. */
function typedIn(element: HTMLFormElement): { values: ContactValues; honeypot: string } {
  const read = (name: string) => {
    const item = element.elements.namedItem(name);
    return item instanceof HTMLInputElement || item instanceof HTMLTextAreaElement
      ? item.value
      : '';
  };
  const values = Object.fromEntries(CONTACT_FIELDS.map((field) => [field, read(field)]));
  return { values: values as ContactValues, honeypot: read(CONTACT_HONEYPOT_FIELD) };
}

/**
 * The enquiry form: name, email, optional company and message (5 rows).
 * `posted` / `sent` carry the outcome of a submission made without JavaScript.
 */
export function ContactForm({
  posted,
  sent = false,
}: {
  posted?: ContactSubmission;
  sent?: boolean;
}) {
  const { t } = useTranslation();
  const formRef = useRef<HTMLFormElement>(null);
  const base = useId();
  const id = (field: ContactField | typeof CONTACT_HONEYPOT_FIELD) => `${base}-${field}`;
  const form = useContactForm({
    onInvalidSubmit: (field) => document.getElementById(id(field))?.focus(),
    posted,
  });

  // Without JavaScript the browser's own `required` checks guard the form; once
  // hydrated, the form's validation speaks instead (in the visitor's language).
  // Until then the button is never disabled either: without JavaScript nothing could enable it again.
  // The page hydrates on the visitor's first intent, often a press in a field:
  // what they typed meanwhile is taken over, and a field they are in prepares the rules.
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => {
    const element = formRef.current;
    if (element) {
      element.noValidate = true;
      form.adopt(typedIn(element));
      if (element.contains(document.activeElement)) form.prepare();
    }
    setHydrated(true);
    // Once, on the first render: later changes go through the fields' own handlers.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const bind = (field: ContactField) => ({
    name: field,
    value: form.values[field],
    onChange: (event: { target: { value: string } }) => form.change(field, event.target.value),
    onBlur: () => form.blur(field),
  });

  return (
    <form
      ref={formRef}
      // The page's loader puts back what was typed earlier in this tab (contact-draft.ts).
      data-contact-form=""
      method="post"
      onSubmit={form.submit}
      onFocus={form.prepare}
      aria-busy={form.sending || undefined}
      aria-labelledby={`${base}-heading`}
      className="relative space-y-5"
    >
      <div>
        <h2 id={`${base}-heading`} className="text-2xl font-bold text-navy-900">
          {t('contact.form.heading')}
        </h2>
        <p className="mt-1 text-sm text-steel-600">{t('contact.form.intro')}</p>
      </div>
      {/* Once a send from the page is answered, the answer to a post without JavaScript is old. */}
      <PostedNotice
        posted={form.answered ? undefined : posted}
        sent={!form.answered && sent}
        failure={form.failure}
      />
      <div className="grid gap-5 sm:grid-cols-2">
        <FormField
          id={id('name')}
          label={t('contact.form.name')}
          required
          error={form.shownError('name')}
        >
          {(props) => (
            <input
              {...props}
              {...bind('name')}
              type="text"
              required
              autoComplete="name"
              placeholder={t('contact.form.namePlaceholder')}
            />
          )}
        </FormField>
        <FormField
          id={id('email')}
          label={t('contact.form.email')}
          required
          error={form.shownError('email')}
        >
          {(props) => (
            <input
              {...props}
              {...bind('email')}
              type="email"
              required
              autoComplete="email"
              inputMode="email"
              placeholder={t('contact.form.emailPlaceholder')}
            />
          )}
        </FormField>
      </div>
      <FormField
        id={id('company')}
        label={t('contact.form.company')}
        error={form.shownError('company')}
      >
        {(props) => (
          <input
            {...props}
            {...bind('company')}
            type="text"
            autoComplete="organization"
            placeholder={t('contact.form.companyPlaceholder')}
          />
        )}
      </FormField>
      <FormField
        id={id('message')}
        label={t('contact.form.message')}
        required
        error={form.shownError('message')}
      >
        {(props) => (
          <textarea
            {...props}
            {...bind('message')}
            rows={5}
            required
            placeholder={t('contact.form.messagePlaceholder')}
          />
        )}
      </FormField>
      <Honeypot id={id(CONTACT_HONEYPOT_FIELD)} value={form.honeypot} onChange={form.setHoneypot} />
      <button
        type="submit"
        disabled={hydrated && !form.canSubmit}
        // Not `disabled` while sending: a button pressed by keyboard would drop the focus to the
        // page. `submit` refuses a second send meanwhile.
        aria-disabled={form.sending || undefined}
        // Keep focus in the field being edited: its blur would show its error and disable
        // this button before the click lands, swallowing the submit.
        onMouseDown={(event) => event.preventDefault()}
        className={submitButton}
      >
        {form.sending ? (
          <LoaderCircle aria-hidden="true" className="size-5 animate-spin" />
        ) : (
          <Send aria-hidden="true" className="size-5" />
        )}
        {form.sending ? t('contact.form.sending') : t('contact.form.submit')}
      </button>
    </form>
  );
}
