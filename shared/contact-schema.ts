import { z } from 'zod';
import './zod-setup';
import { CONTACT_SOURCE_FIELD, CONTACT_TIMING_FIELD } from './contact';
import { LANGUAGES } from './languages';
import { SLUG_MAX_LENGTH, SLUG_PATTERN } from './slug';
import { cleanText, isDeliverableEmail, type TextKind } from './text';

/**
 * The rules of an enquiry, shared by the web form and `POST /api/contacts`.
 * Messages are translation keys (locales/*.json), so both sides speak the
 * visitor's language from one catalogue.
 */

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

/** A fill time that is not a whole, finite, non-negative number is ignored, not refused. */
const fillTime = z.preprocess((v) => {
  const n = typeof v === 'string' && v.trim() !== '' ? Number(v) : v;
  return typeof n === 'number' && Number.isFinite(n) && n >= 0 ? Math.round(n) : undefined;
}, z.number().optional());

/**
 * The slug of the article or page the visitor came from (`?from=` of the
 * contact page): a value that is no slug is ignored, never refused (the
 * service then checks it names a public article or page).
 */
const fromSlug = z.preprocess((v) => {
  const slug = typeof v === 'string' ? v.trim() : '';
  return slug.length <= SLUG_MAX_LENGTH && SLUG_PATTERN.test(slug) ? slug : undefined;
}, z.string().optional());

/**
 * `POST /api/contacts` as the server reads it: the form's fields, the
 * language the visitor used (else the request's), the form's fill time and
 * where the visitor came from.
 */
export const EnquirySchema = ContactSchema.extend({
  language: z.enum(LANGUAGES, { error: 'validation.language.invalid' }).optional(),
  [CONTACT_TIMING_FIELD]: fillTime,
  [CONTACT_SOURCE_FIELD]: fromSlug,
});
export type EnquiryPayload = z.output<typeof EnquirySchema>;

export const ContactReadSchema = z.object({
  read: z.boolean({ error: 'validation.read.boolean' }).optional().default(true),
});

export const ContactRepliedSchema = z.object({
  replied: z.boolean({ error: 'apiErrors.repliedBoolean' }).optional().default(true),
});

export const ContactSpamSchema = z.object({
  spam: z.boolean({ error: 'apiErrors.spamBoolean' }),
});
