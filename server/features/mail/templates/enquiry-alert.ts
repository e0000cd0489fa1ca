import type { Contact, EarlierEnquiry } from '#shared/contact';
import { escapeHtml } from '#shared/html';
import { DEFAULT_LANGUAGE, type Language } from '#shared/languages';
import type { Translate } from '../../../i18n';
import { mailAddress } from '../../../mailbox';
import type { MailContent } from '../outbox.repo';
import {
  blockquote,
  companyDetails,
  companyHtml,
  companyText,
  formatDueTime,
  formatTime,
  headerText,
  htmlDocument,
  quoteHtml,
  quoteText,
  WRAP,
} from './mail-parts';

/**
 * The language of the team's mail where the reader's is not known: alerts to
 * NOTIFY_EMAIL, notices and reminders to a colleague's account (accounts
 * store no language), the webhook's text. The alert lists of the settings
 * are per language and get their mail in it.
 */
export const STAFF_LANGUAGE = DEFAULT_LANGUAGE;

/** Where the admin opens one enquiry. */
export function adminLink(siteUrl: string, contactId: number): string {
  return `${siteUrl}/admin?tab=contacts&contact=${contactId}`;
}

/** When the reply is due, as the alert's field says it: the moment, or the end of a day. */
function replyBy(contact: Contact, t: Translate, language: Language, timeZone: string): string {
  const due = formatDueTime(contact.due_at, language, timeZone);
  return 'time' in due ? due.time : t('mail.alert.replyByEndOf', due);
}

/** That the visitor wrote before: when, and who handles that enquiry (or that nobody does). */
function earlierLine(
  contact: Contact,
  earlier: EarlierEnquiry,
  t: Translate,
  language: Language,
  timeZone: string,
): string {
  const values = {
    name: contact.name,
    date: formatTime(earlier.created_at, language, timeZone),
    owner: earlier.owner,
  };
  return earlier.owner
    ? t('mail.alert.earlierOwned', values)
    : t('mail.alert.earlierUnowned', values);
}

/**
 * The staff alert for a new enquiry, in the reader's `language` (`t` speaks
 * it): everything the visitor wrote, quoted safely, with Reply-To set to
 * the visitor, and a link to the enquiry in the admin, where it is to be
 * answered; when the visitor wrote before (`earlier`, their latest earlier
 * enquiry), when and who handles it, with a link to it. Times are on the
 * company's clock (`timeZone`, the settings' `reply_time_zone`).
 */
export function enquiryAlert(
  contact: Contact,
  siteUrl: string,
  t: Translate,
  {
    language,
    timeZone,
    earlier = null,
  }: { language: Language; timeZone: string; earlier?: EarlierEnquiry | null },
): MailContent {
  const name = headerText(contact.name, 100);
  const company = contact.company ? headerText(contact.company, 100) : null;
  const subject = headerText(
    company ? t('mail.alert.subjectCompany', { name, company }) : t('mail.alert.subject', { name }),
    200,
  );
  const link = adminLink(siteUrl, contact.id);
  const fields: [string, string][] = [
    [t('mail.alert.fields.name'), contact.name],
    [t('mail.alert.fields.email'), contact.email],
    [t('mail.alert.fields.company'), contact.company ?? t('mail.alert.noCompany')],
    [t('mail.alert.fields.language'), t(`language.names.${contact.language}`)],
    [t('mail.alert.fields.received'), formatTime(contact.created_at, language, timeZone)],
    [t('mail.alert.fields.replyBy'), replyBy(contact, t, language, timeZone)],
  ];
  const intro = t('mail.alert.intro', { name: contact.name });
  const before = earlier && {
    line: earlierLine(contact, earlier, t, language, timeZone),
    link: adminLink(siteUrl, earlier.id),
  };
  const footer = t('mail.alert.footer', { site: siteUrl });
  const ours = companyDetails(t, siteUrl, language);

  const text = [
    t('mail.alert.heading'),
    '',
    intro,
    '',
    ...(before ? [before.line, `${t('mail.alert.earlierOpen')}: ${before.link}`, ''] : []),
    ...fields.map(([label, value]) => `${label}: ${value}`),
    '',
    `${t('mail.alert.fields.message')}:`,
    quoteText(contact.message),
    '',
    `${t('mail.alert.open')}: ${link}`,
    '',
    '-- ',
    companyText(ours),
    '',
    footer,
  ].join('\n');

  const rows = fields
    .map(
      ([label, value]) =>
        `<tr><th align="left" style="padding:4px 12px 4px 0;color:#475569;font-weight:normal;vertical-align:top;overflow-wrap:normal;word-break:normal">${escapeHtml(label)}</th>` +
        `<td style="padding:4px 0;${WRAP}">${escapeHtml(value)}</td></tr>`,
    )
    .join('');
  const html = htmlDocument(
    language,
    subject,
    `<h1 style="font-size:20px;margin:0 0 12px">${escapeHtml(t('mail.alert.heading'))}</h1>` +
      `<p>${escapeHtml(intro)}</p>` +
      (before
        ? `<p style="${WRAP}">${escapeHtml(before.line)} <a href="${escapeHtml(before.link)}">${escapeHtml(t('mail.alert.earlierOpen'))}</a></p>`
        : '') +
      `<table role="presentation" style="border-collapse:collapse;margin:12px 0">${rows}</table>` +
      `<p style="margin:16px 0 4px;color:#475569">${escapeHtml(t('mail.alert.fields.message'))}:</p>` +
      blockquote(quoteHtml(contact.message)) +
      `<p><a href="${escapeHtml(link)}" style="display:inline-block;background:#2563eb;color:#ffffff;padding:10px 16px;border-radius:6px;text-decoration:none">${escapeHtml(t('mail.alert.open'))}</a></p>` +
      '<hr style="border:none;border-top:1px solid #e2e8f0;margin:24px 0">' +
      companyHtml(ours) +
      `<p style="color:#64748b;font-size:12px">${escapeHtml(footer)}</p>`,
  );

  const visitor = mailAddress(contact.email);
  return { subject, text, html, ...(visitor && { replyTo: { name, address: visitor } }) };
}
