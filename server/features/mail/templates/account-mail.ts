import { escapeHtml } from '#shared/html';
import type { Language } from '#shared/languages';
import type { StaffRole } from '#shared/roles';
import { translator, type Translate } from '../../../i18n';
import type { MailContent } from '../outbox.repo';
import { formatTime, headerText, htmlDocument } from './mail-parts';

/**
 * The one-time links the site e-mails to people about their account, and
 * the notice that an admin reset their two-factor sign-in (its link, the
 * sign-in page, is no secret).
 */
export type AccountMailKind = 'invitation' | 'reset' | 'emailConfirm' | 'twoFactorReset';

export type AccountMail = {
  kind: AccountMailKind;
  language: Language;
  /** The one-time link (the sign-in page for a notice). */
  url: string;
  /** Until when the link works; none for a notice. */
  expiresAt?: string;
  /** Invitations: the role offered and who invites. */
  role?: StaffRole;
  invitedBy?: string;
  /** Resets and confirmations: whose account it is. */
  username?: string;
  /** A two-factor reset: the admin who made it. */
  by?: string;
};

/**
 * An invitation, a password reset, the confirmation of a new address or a
 * two-factor reset, in the reader's language: what it is, the link (as a
 * button and as text), how long it works (or, for a notice, what to do
 * next), and what to do when it was not expected. Nothing in it is a
 * secret except a one-time link itself. The expiry is on the company's
 * clock (`timeZone`, the settings' `reply_time_zone`).
 */
export function accountMail(
  mail: AccountMail,
  timeZone: string,
  t: Translate = translator(mail.language),
): MailContent {
  const key = (name: string) => `mail.account.${mail.kind}.${name}`;
  const site = t('meta.siteName');
  const params = {
    site,
    username: mail.username ?? '',
    invitedBy: mail.invitedBy ?? '',
    role: mail.role ? t(`admin.users.roles.${mail.role}`) : '',
    by: mail.by ?? '',
    until: mail.expiresAt ? formatTime(mail.expiresAt, mail.language, timeZone) : '',
  };
  const subject = headerText(t(key('subject'), params), 200);
  const paragraphs = [t(key('intro'), params), t(key(mail.expiresAt ? 'expires' : 'next'), params)];
  const action = t(key('action'), params);
  const ignore = t(key('ignore'), params);
  const signOff = t('mail.account.signOff', params);

  const text = [
    t('mail.account.greeting', params),
    '',
    ...paragraphs.flatMap((p) => [p, '']),
    `${action}:`,
    mail.url,
    '',
    ignore,
    '',
    signOff,
  ].join('\n');

  const button =
    `<p style="margin:24px 0"><a href="${escapeHtml(mail.url)}" ` +
    'style="display:inline-block;background:#2563eb;color:#ffffff;text-decoration:none;padding:12px 20px;border-radius:6px;font-weight:bold">' +
    `${escapeHtml(action)}</a></p>`;
  const html = htmlDocument(
    mail.language,
    subject,
    `<p>${escapeHtml(t('mail.account.greeting', params))}</p>` +
      `<p>${escapeHtml(paragraphs[0]!)}</p>` +
      button +
      `<p>${escapeHtml(paragraphs[1]!)}</p>` +
      `<p style="color:#475569;font-size:13px">${escapeHtml(t('mail.account.linkText'))}<br>` +
      `<a href="${escapeHtml(mail.url)}" style="word-break:break-all">${escapeHtml(mail.url)}</a></p>` +
      `<p style="color:#475569;font-size:13px">${escapeHtml(ignore)}</p>` +
      `<p>${escapeHtml(signOff)}</p>`,
  );
  return { subject, text, html, headers: { 'Auto-Submitted': 'auto-generated' } };
}
