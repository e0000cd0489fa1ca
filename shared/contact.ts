import { z } from 'zod';
import { cleanText, isDeliverableEmail, type TextKind } from './text';
import { LANGUAGES, type Language } from './languages';

/**
 * The contact enquiry, shared by the web form and `POST /api/contacts`.
 * Messages are translation keys (locales/*.json), so both sides speak the
 * visitor's language from one catalogue.
 */

export { EMAIL_MAX_LENGTH } from './text';

/** Trimmed, line breaks normalised, control characters refused (shared/text.ts). */
const text = (requiredKey: string, kind: TextKind = 'single-line') => cleanText(kind, requiredKey);

export const ContactSchema = z.object({
  name: text('validation.name.required')
    .pipe(z.string().min(1, 'validation.name.required'))
    .pipe(z.string().min(2, 'validation.name.min').max(50, 'validation.name.max')),
  email: text('validation.email.required', 'email')
    .pipe(z.string().min(1, 'validation.email.required'))
    .pipe(z.string().refine(isDeliverableEmail, 'validation.email.invalid')),
  company: text('validation.company.min')
    .pipe(
      z
        .string()
        .max(100, 'validation.company.max')
        .refine((v) => v.length === 0 || v.length >= 2, 'validation.company.min'),
    )
    .transform((v) => (v.length === 0 ? null : v)),
  message: text('validation.message.required', 'multi-line')
    .pipe(z.string().min(1, 'validation.message.required'))
    .pipe(z.string().min(10, 'validation.message.min').max(1000, 'validation.message.max')),
});

export type ContactInput = z.input<typeof ContactSchema>;
export type ContactPayload = z.output<typeof ContactSchema>;
export type ContactField = keyof z.output<typeof ContactSchema>;
export const CONTACT_FIELDS: readonly ContactField[] = ['name', 'email', 'company', 'message'];

/** Name of the hidden field that only bots fill in. */
export const CONTACT_HONEYPOT_FIELD = 'website';

/**
 * Name of the optional field the browser sends with the form: whole
 * milliseconds from the form's first render to its submission. API clients
 * leave it out, and its absence is never held against them.
 */
export const CONTACT_TIMING_FIELD = 'form_ms';

/** A fill time that is not a whole, finite, non-negative number is ignored, not refused. */
const fillTime = z.preprocess((v) => {
  const n = typeof v === 'string' && v.trim() !== '' ? Number(v) : v;
  return typeof n === 'number' && Number.isFinite(n) && n >= 0 ? Math.round(n) : undefined;
}, z.number().optional());

/**
 * `POST /api/contacts` as the server reads it: the form's fields, the
 * language the visitor used (else the request's), and the form's fill time.
 */
export const EnquirySchema = ContactSchema.extend({
  language: z.enum(LANGUAGES, { error: 'validation.language.invalid' }).optional(),
  [CONTACT_TIMING_FIELD]: fillTime,
});
export type EnquiryPayload = z.output<typeof EnquirySchema>;

/**
 * The outcome of a contact form posted without JavaScript (the server-side
 * route action): sent, or the visitor's values back with the messages to show
 * (per field, or one for the whole form, already in the visitor's language,
 * as the API's `details` and `error`), so nothing typed is lost.
 */
export type ContactSubmission =
  | { status: 'sent' }
  | {
      status: 'invalid';
      values: Record<ContactField, string>;
      errors: Partial<Record<ContactField, string>>;
    }
  | {
      status: 'failed';
      values: Record<ContactField, string>;
      message: string;
      /** The HTTP status of the refusal (403 foreign origin, 429 over the limit, 413…). */
      httpStatus: number;
    };

/** The form's text fields from any posted record (missing or non-text become ''). */
export function contactValues(input: Record<string, unknown>): Record<ContactField, string> {
  const text = (v: unknown) => (typeof v === 'string' ? v : '');
  return {
    name: text(input.name),
    email: text(input.email),
    company: text(input.company),
    message: text(input.message),
  };
}

/** Why an enquiry looked like spam (admin only; `spam.reasons.<code>` in the catalogues). */
export const SPAM_REASONS = [
  'fast',
  'links',
  'markup',
  'url-only',
  'gibberish',
  'repeated',
  'script',
  'phrases',
  'link-in-name',
] as const;
export type SpamReason = (typeof SPAM_REASONS)[number];

/** A stored enquiry as the API returns it. */
export type Contact = {
  id: number;
  name: string;
  email: string;
  company: string | null;
  message: string;
  /** The language the visitor wrote in (the auto-reply's language). */
  language: Language;
  read: boolean;
  /** When an admin marked it answered; null while it waits for a reply. */
  replied_at: string | null;
  /** Filed in the spam folder (no e-mail was sent for it). */
  spam: boolean;
  /** The spam signals it showed, strongest first (empty for most enquiries). */
  spam_reasons: SpamReason[];
  created_at: string;
};

/** Counts of `GET /api/contacts/stats`; spam is counted only in `spam`. */
export type ContactStats = {
  total: number;
  unread: number;
  /** Not yet marked replied. */
  unreplied: number;
  /** Not replied and received more than 24 hours ago. */
  overdue: number;
  spam: number;
  last_7_days: number;
  per_day: { date: string; count: number }[];
};

export const ContactReadSchema = z.object({
  read: z.boolean({ error: 'validation.read.boolean' }).optional().default(true),
});

export const ContactRepliedSchema = z.object({
  replied: z.boolean({ error: 'apiErrors.repliedBoolean' }).optional().default(true),
});

export const ContactSpamSchema = z.object({
  spam: z.boolean({ error: 'apiErrors.spamBoolean' }),
});
