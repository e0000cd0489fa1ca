import type { Language } from './languages';
import type { StaffMember } from './users';

/**
 * The contact enquiry's shapes and names, shared by the web form and the
 * server. Its rules are in contact-schema.ts (zod), which the public pages
 * load only when a visitor starts filling in the form.
 */

export type ContactField = 'name' | 'email' | 'company' | 'message';
export const CONTACT_FIELDS: readonly ContactField[] = ['name', 'email', 'company', 'message'];

/**
 * Name of the hidden field that only bots fill in: one no browser or
 * password manager fills in for a person. (It was `website`, which identity
 * autofill filled, and a genuine enquiry was dropped as a bot's.)
 */
export const CONTACT_HONEYPOT_FIELD = 'extra_comment';

/**
 * Name of the optional field the browser sends with the form: whole
 * milliseconds from the form's first render to its submission. API clients
 * leave it out, and its absence is never held against them.
 */
export const CONTACT_TIMING_FIELD = 'form_ms';

/**
 * Name of the optional field (and of the contact page's query parameter)
 * naming the slug of the public article or page the visitor came from:
 * its call to action links to `/contact?from=<slug>`. Anything else in it
 * is ignored.
 */
export const CONTACT_SOURCE_FIELD = 'from';

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
  /**
   * It waits for a reply because the last reply written to it was refused
   * by the mail server for good (`replied_at` was cleared then): the card
   * says "Reply not delivered". The server always sends it; a server older
   * than it (the desktop app may talk to one) does not.
   */
  reply_failed?: boolean;
  /** Filed in the spam folder (no e-mail was sent for it). */
  spam: boolean;
  /** The spam signals it showed, strongest first (empty for most enquiries). */
  spam_reasons: SpamReason[];
  created_at: string;
  /** The address of the public article or page the visitor came from (`/<slug>`), or null. */
  source_path: string | null;
  /** That article's or page's title as the visitor read it when the enquiry arrived, or null. */
  source_title: string | null;
  /** When the reply promise runs out (shared/reply-due.ts), set when it arrived. */
  due_at: string;
  /** The colleague handling it, with their display name (null when they have none). */
  assignee: StaffMember | null;
};

/** What happened to an enquiry, in the order it happened (`GET /api/contacts/{id}`'s `thread`). */
export const THREAD_KINDS = ['enquiry', 'auto_reply', 'reply', 'note'] as const;
export type ThreadKind = (typeof THREAD_KINDS)[number];

/** How far an e-mail of the thread got: waiting in the outbox, accepted by the mail server, or refused. */
export type DeliveryStatus = 'pending' | 'sent' | 'failed';

export type ThreadEntry = {
  kind: ThreadKind;
  at: string;
  /** The colleague who wrote a reply or note (the username at the time); null for the visitor and the site. */
  by: string | null;
  /** That colleague's display name, as it is now; null when they have none (or no longer exist). */
  by_name: string | null;
  text: string;
  /** E-mails only (the auto-reply and replies). */
  status?: DeliveryStatus;
};

/** At most this many earlier enquiries of the visitor are listed with an enquiry. */
export const EARLIER_ENQUIRIES_MAX = 5;

/**
 * An enquiry the same visitor sent before (same e-mail address, whatever
 * its case; spam left out), as the detail lists them, newest first.
 */
export type EarlierEnquiry = {
  id: number;
  created_at: string;
  /**
   * Who handles it, by display name (else username): its assignee, else
   * the colleague who last replied to it; null when neither.
   */
  owner: string | null;
  replied: boolean;
};

/**
 * One enquiry as `GET /api/contacts/{id}` and the calls that change it
 * answer, with the visitor's earlier enquiries (at most
 * EARLIER_ENQUIRIES_MAX; absent from servers older than them).
 */
export type ContactDetail = Contact & { thread: ThreadEntry[]; earlier?: EarlierEnquiry[] };

/** Counts of `GET /api/contacts/stats`; spam is counted only in `spam`. */
export type ContactStats = {
  total: number;
  unread: number;
  /** Not yet marked replied. */
  unreplied: number;
  /** Not replied and past its `due_at`. */
  overdue: number;
  /** Not replied and due within the next 4 hours (not yet overdue). */
  due_soon: number;
  spam: number;
  /**
   * The id of the last enquiry received, spam included (null before the
   * first): it moves only when one arrives, never when one is moved between
   * the folders or deleted (the desktop app notifies of arrivals by it).
   */
  newest_id: number | null;
  last_7_days: number;
  per_day: { date: string; count: number }[];
  /** The company's zone (settings `reply_time_zone`), in which `per_day`'s days begin and end. */
  time_zone: string;
};
