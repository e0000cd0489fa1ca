import { z } from 'zod';
import { cleanText, isDeliverableEmail, type TextKind } from './text';

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
  email: text('validation.email.required')
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

/** A stored enquiry as the API returns it. */
export type Contact = {
  id: number;
  name: string;
  email: string;
  company: string | null;
  message: string;
  read: boolean;
  created_at: string;
};

export type ContactStats = {
  total: number;
  unread: number;
  last_7_days: number;
  per_day: { date: string; count: number }[];
};

export const ContactReadSchema = z.object({
  read: z.boolean({ error: 'validation.read.boolean' }).optional().default(true),
});
