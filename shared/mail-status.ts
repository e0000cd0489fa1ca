/** `GET /api/mail/status`: what the admin shows about enquiry e-mail (never credentials). */
export type MailStatus = {
  /** SMTP_URL is set: alerts and auto-replies are sent. */
  enabled: boolean;
  auto_reply: boolean;
  /** How many staff addresses (NOTIFY_EMAIL) get an alert per enquiry. */
  notify: number;
  pending: number;
  failed: number;
  last_failure: { at: string; message: string } | null;
  last_delivery_at: string | null;
  /** The latest attempt failed and nothing was delivered since. */
  failing: boolean;
};
