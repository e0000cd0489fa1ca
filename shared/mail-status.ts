import type { Language } from './languages';

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
  last_failure: { at: string; message: string } | null;
  last_delivery_at: string | null;
  /** The latest attempt failed and nothing was delivered since. */
  failing: boolean;
};

/**
 * Whether the alert of an enquiry in `language` reaches anyone. A server
 * that does not send `alert_recipients` (a desktop app may be newer than
 * its server) is judged by NOTIFY_EMAIL alone, as it alerted before.
 */
export function alertsReach(status: MailStatus, language: Language): boolean {
  return (status.alert_recipients?.[language] ?? status.notify) > 0;
}
