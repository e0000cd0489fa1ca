import { z } from 'zod';
import './zod-setup';
import type { Language } from './languages';

/**
 * Why an e-mail was not delivered, as the outbox stores it (JSON in
 * `last_error`) and the admin words it (`admin.mail.errors.<code>`):
 * `connection` {detail}: the mail server could not be reached or dropped
 * the connection (the system's error code);
 * `timeout`: it did not answer in time;
 * `dns` {host}: its host was not found;
 * `tls` {detail}: the encrypted connection failed;
 * `auth`: it refused the login of SMTP_URL;
 * `sender` {status}: it refused MAIL_FROM as the sender;
 * `recipient` {status, address}: it refused the recipient's address;
 * `message` {status}: it refused the message itself;
 * `server` {status, command}: it answered another command with an error;
 * `other` {detail}: anything else, as the error said it (the SMTP password masked).
 */
export const MAIL_ERROR_CODES = [
  'connection',
  'timeout',
  'dns',
  'tls',
  'auth',
  'sender',
  'recipient',
  'message',
  'server',
  'other',
] as const;
export type MailErrorCode = (typeof MAIL_ERROR_CODES)[number];

export const MailErrorSchema = z.object({
  code: z.enum(MAIL_ERROR_CODES),
  values: z.record(z.string(), z.union([z.string(), z.number()])),
});
export type MailError = z.infer<typeof MailErrorSchema>;

/**
 * Why an e-mail to a colleague was not sent (`mail_outbox.cancel_reason`,
 * status `cancelled`): it was queued for their account because of its role
 * (the notice of an enquiry given to them, the reminder of one they own),
 * and when its turn came the account was `recipient-deleted`,
 * `recipient-deactivated`, or its role no longer had the access the mail
 * is about (`recipient-role`).
 */
export const MAIL_CANCEL_REASONS = [
  'recipient-deleted',
  'recipient-deactivated',
  'recipient-role',
] as const;
export type MailCancelReason = (typeof MAIL_CANCEL_REASONS)[number];

/** `GET /api/mail/status`: what the admin shows about enquiry e-mail (never credentials). */
export type MailStatus = {
  /** SMTP_URL is set: alerts and auto-replies are sent. */
  enabled: boolean;
  auto_reply: boolean;
  /** How many staff addresses (NOTIFY_EMAIL) get an alert per enquiry. */
  notify: number;
  /**
   * How many addresses get the alert of an enquiry in each language:
   * NOTIFY_EMAIL and the language's alert list (settings), each once; 0 while e-mail is off.
   */
  alert_recipients: Record<Language, number>;
  pending: number;
  failed: number;
  /** E-mails to colleagues not sent: their account lost what the mail needs (by reason below). */
  cancelled: number;
  cancel_reasons: Record<MailCancelReason, number>;
  /**
   * The latest failed attempt: when, and why as a code and its values (or,
   * for one stored before errors were codes, the text stored then), and
   * `message`, the same in English: what a desktop app older than the codes
   * shows.
   */
  last_failure: {
    at: string;
    error: MailError | { code: null; text: string };
    message: string;
  } | null;
  last_delivery_at: string | null;
  /**
   * The mail server is failing: the latest attempt failed in a way that is
   * tried again (unreachable, a timeout, a 4xx, the login or sender refused)
   * and nothing was delivered since. A message refused for good is not
   * this (see `refused`).
   */
  failing: boolean;
  /**
   * The latest attempt was refused for good (a 5xx to the recipient or the
   * message: a mistyped address, a mailbox that does not exist) and nothing
   * was delivered since: that one message is not tried again; the server
   * itself answered. Absent from servers older than this field.
   */
  refused?: boolean;
};

/**
 * Whether the alert of an enquiry in `language` reaches anyone. A server
 * that does not send `alert_recipients` (a desktop app may be newer than
 * its server) is judged by NOTIFY_EMAIL alone, as it alerted before.
 */
export function alertsReach(status: MailStatus, language: Language): boolean {
  return (status.alert_recipients?.[language] ?? status.notify) > 0;
}
