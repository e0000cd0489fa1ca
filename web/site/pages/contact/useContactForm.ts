import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import {
  CONTACT_FIELDS,
  ContactSchema,
  type ContactField,
  type ContactSubmission,
} from '#shared/contact';
import { fieldErrors } from '#shared/validation';
import { toast } from '../../../common/toast';
import { sendContact } from './send-contact';

export type ContactValues = Record<ContactField, string>;
/** Per field: the translation key of its first error. */
export type ContactErrors = Partial<Record<ContactField, string>>;
type Touched = Partial<Record<ContactField, boolean>>;

const EMPTY: ContactValues = { name: '', email: '', company: '', message: '' };
const ALL_TOUCHED: Touched = { name: true, email: true, company: true, message: true };

/** Checks the values with the shared schema (which trims them first). */
export function validateContact(values: ContactValues): ContactErrors {
  const result = ContactSchema.safeParse(values);
  return result.success ? {} : (fieldErrors(result.error) as ContactErrors);
}

/**
 * The enquiry form's state: values, per-field error and touched flag.
 * Validation runs on change, blur and submit; a touched field shows its error;
 * nothing is sent while any error exists.
 */
export function useContactForm(
  options: {
    onInvalidSubmit?: (field: ContactField) => void;
    /** What the server answered to this form posted without JavaScript: start from it. */
    posted?: ContactSubmission;
  } = {},
) {
  const { t } = useTranslation();
  const posted = options.posted?.status === 'sent' ? undefined : options.posted;
  const [values, setValues] = useState<ContactValues>(posted?.values ?? EMPTY);
  const [errors, setErrors] = useState<ContactErrors>(
    posted?.status === 'invalid' ? posted.errors : {},
  );
  const [touched, setTouched] = useState<Touched>(posted?.status === 'invalid' ? ALL_TOUCHED : {});
  const [honeypot, setHoneypot] = useState('');
  const [sending, setSending] = useState(false);

  function change(field: ContactField, value: string) {
    const next = { ...values, [field]: value };
    setValues(next);
    setErrors(validateContact(next));
  }

  function blur(field: ContactField) {
    setTouched((current) => ({ ...current, [field]: true }));
    setErrors(validateContact(values));
  }

  /** The error key to show under a field: only once it has been touched. */
  const shownError = (field: ContactField) => (touched[field] ? errors[field] : undefined);
  const hasShownError = CONTACT_FIELDS.some((field) => shownError(field));

  async function submit(event?: FormEvent) {
    event?.preventDefault();
    if (sending) return;
    const found = validateContact(values);
    setErrors(found);
    setTouched(ALL_TOUCHED);
    const firstInvalid = CONTACT_FIELDS.find((field) => found[field]);
    if (firstInvalid) {
      toast.error(t, t('contact.toast.invalid'));
      options.onInvalidSubmit?.(firstInvalid);
      return;
    }
    setSending(true);
    try {
      await sendContact(values, honeypot);
      toast.success(t('contact.toast.successTitle'), t('contact.toast.success'));
      setValues(EMPTY);
      setErrors({});
      setTouched({});
      setHoneypot('');
    } catch (error) {
      toast.failure(t, error, 'errors.network');
    } finally {
      setSending(false);
    }
  }

  return {
    values,
    honeypot,
    setHoneypot,
    change,
    blur,
    submit,
    shownError,
    sending,
    canSubmit: !sending && !hasShownError,
  };
}

export type ContactFormState = ReturnType<typeof useContactForm>;
