import { useEffect, useRef, useState, useSyncExternalStore, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { CONTACT_FIELDS, type ContactField, type ContactSubmission } from '#shared/contact';
import { pickLanguage, type Translate } from '#shared/languages';
import { toast } from '../../../common/toast';
import { clearContactDraft, keepContactDraft, readContactDraft } from './contact-draft';
import { CodeNotLoaded, loadCode, sendContact } from './send-contact';

export type ContactValues = Record<ContactField, string>;
/** Per field: the translation key of its first error. */
export type ContactErrors = Partial<Record<ContactField, string>>;
type Touched = Partial<Record<ContactField, boolean>>;

const EMPTY: ContactValues = { name: '', email: '', company: '', message: '' };
const ALL_TOUCHED: Touched = { name: true, email: true, company: true, message: true };

const unchanging = () => () => undefined;
/** True in the render that hydrates the server's HTML (and on the server), false in the browser's own. */
const useHydrating = () =>
  useSyncExternalStore(
    unchanging,
    () => false,
    () => true,
  );

const ignore = () => undefined;

type Validate = (values: ContactValues) => ContactErrors;
let validator: Promise<Validate> | undefined;
let loaded: Validate | undefined;

/**
 * The form's rules (the shared zod schema) are fetched when the visitor first
 * turns to the form, not with the page: most visits never fill it in, and
 * the schema library is a fifth of a page's code budget.
 */
export const loadValidator = (): Promise<Validate> =>
  (validator ??= loadCode(() => import('./validate-contact')).then(
    (m) => (loaded = m.validateContact),
    (error: unknown) => {
      // Never kept: the next call (the next key, or the send) fetches them again.
      validator = undefined;
      throw error;
    },
  ));

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
  const { t, i18n } = useTranslation();
  const posted = options.posted?.status === 'sent' ? undefined : options.posted;
  const [values, setValues] = useState<ContactValues>(posted?.values ?? EMPTY);
  const [errors, setErrors] = useState<ContactErrors>(
    posted?.status === 'invalid' ? posted.errors : {},
  );
  const [touched, setTouched] = useState<Touched>(posted?.status === 'invalid' ? ALL_TOUCHED : {});
  const [honeypot, setHoneypot] = useState('');
  const [sending, setSending] = useState(false);
  // The guard against a second send: set at once, where `sending` changes only with the next render.
  const busy = useRef(false);
  /** Why the last send failed, shown in the form itself (it needs nothing more fetched). */
  const [failure, setFailure] = useState<string>();
  /** A send from the page has been answered: the server's answer to a form posted without JavaScript is old news. */
  const [answered, setAnswered] = useState(false);
  // When the form was first shown in this browser (again after each enquiry sent): the origin of
  // the fill time the server's spam check reads, on performance.now()'s scale. Measured here
  // only, so the page's HTML stays the same for all. A form hydrated from the server's HTML has
  // been on screen since the page began to load (the time origin, 0), however late the visitor's
  // first intent hydrated it. A form given back what was written earlier (the tab's draft, or
  // the server's answer to a post without JavaScript) goes by when that was begun: before this
  // page, and unknown (null: no fill time is sent, as from API clients) when the draft does
  // not say or the form was posted.
  const hydrating = useRef(useHydrating());
  const shownAt = useRef<number | null>(posted ? null : 0);
  useEffect(() => {
    if (!hydrating.current && shownAt.current !== null) shownAt.current = performance.now();
  }, []);
  /** `shownAt` in ms since the epoch, kept with the draft for the next form in this tab. */
  const startedAt = () =>
    shownAt.current === null
      ? null
      : Math.round(Date.now() - (performance.now() - shownAt.current));

  /** Checks `next`: at once when the rules are here, else as soon as they arrive (in order). */
  function revalidate(next: ContactValues) {
    if (loaded) setErrors(loaded(next));
    // Rules that cannot be fetched now are fetched again by the next key or the send.
    else loadValidator().then((validate) => setErrors(validate(next)), ignore);
  }

  function change(field: ContactField, value: string) {
    const next = { ...values, [field]: value };
    setValues(next);
    revalidate(next);
    keepContactDraft(next, startedAt());
  }

  function blur(field: ContactField) {
    setTouched((current) => ({ ...current, [field]: true }));
    revalidate(values);
  }

  /**
   * Takes over what the visitor typed (or the browser filled in) before the
   * page hydrated: it is in the fields, not yet in this state. A form made
   * empty (another language's, after the privacy notice) gets back what was
   * typed earlier in this tab.
   */
  function adopt(typed: { values: ContactValues; honeypot: string }) {
    if (typed.honeypot) setHoneypot(typed.honeypot);
    const draft = readContactDraft();
    // Begun earlier in this tab (the page's loader may have put it back already): timed from then.
    if (draft) {
      const { startedAt: start } = draft;
      shownAt.current = start === null ? null : performance.now() - (Date.now() - start);
    }
    const fresh = CONTACT_FIELDS.every((field) => typed.values[field] === '');
    const next = (fresh && draft?.values) || typed.values;
    if (CONTACT_FIELDS.every((field) => next[field] === values[field])) return;
    setValues(next);
    revalidate(next);
    keepContactDraft(next, startedAt());
  }

  /** The error key to show under a field: only once it has been touched. */
  const shownError = (field: ContactField) => (touched[field] ? errors[field] : undefined);
  const hasShownError = CONTACT_FIELDS.some((field) => shownError(field));

  async function submit(event?: FormEvent) {
    event?.preventDefault();
    if (busy.current) return;
    busy.current = true;
    setSending(true);
    try {
      const found = (loaded ?? (await loadValidator()))(values);
      setErrors(found);
      setTouched(ALL_TOUCHED);
      const firstInvalid = CONTACT_FIELDS.find((field) => found[field]);
      if (firstInvalid) {
        toast.error(t, t('contact.toast.invalid'));
        options.onInvalidSubmit?.(firstInvalid);
        return;
      }
      await sendContact(values, {
        honeypot,
        language: pickLanguage(i18n.language),
        formMs: shownAt.current === null ? null : performance.now() - shownAt.current,
      });
      shownAt.current = performance.now();
      clearContactDraft();
      setAnswered(true);
      setFailure(undefined);
      toast.success(t('contact.toast.successTitle'), t('contact.toast.success'));
      setValues(EMPTY);
      setErrors({});
      setTouched({});
      setHoneypot('');
    } catch (error) {
      // The toast needs code of its own, which may not come: the form says it too. What was typed stays.
      setAnswered(true);
      setFailure(await failureText(error, t));
      if (error instanceof CodeNotLoaded) toast.error(t, t('contact.toast.unsent'));
      else toast.failure(t, error, 'errors.network');
    } finally {
      busy.current = false;
      setSending(false);
    }
  }

  return {
    values,
    /** Call when the visitor turns to the form (focus): fetches its rules ahead of the first key. */
    prepare: () => void loadValidator().catch(ignore),
    adopt,
    honeypot,
    setHoneypot,
    change,
    blur,
    submit,
    shownError,
    sending,
    failure,
    answered,
    /** False while a field shows its error (a send in progress is refused by `submit` itself). */
    canSubmit: !hasShownError,
  };
}

/** Why a send failed, in the visitor's language: the fetch wrapper's text when its code is here. */
async function failureText(error: unknown, t: Translate): Promise<string> {
  if (error instanceof CodeNotLoaded) return t('contact.toast.unsent');
  // An error other than CodeNotLoaded comes from the fetch wrapper, which is therefore here.
  return import('../../../common/api').then(
    ({ errorMessage }) => errorMessage(error, t, 'errors.network'),
    () => t('contact.toast.unsent'),
  );
}

export type ContactFormState = ReturnType<typeof useContactForm>;
