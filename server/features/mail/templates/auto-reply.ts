import type { Contact } from '#shared/contact';
import { escapeHtml } from '#shared/html';
import { translator, type Translate } from '../../../i18n';
import type { MailContent } from '../outbox.repo';
import {
  blockquote,
  companyDetails,
  companyHtml,
  companyText,
  formatDue,
  excerpt,
  headerText,
  htmlDocument,
  quoteHtml,
  quoteText,
  sitePage,
  teamReplyTo,
} from './mail-parts';

/** Headers that mark a machine's answer, so other robots (vacation replies) stay quiet. */
export const AUTO_REPLY_HEADERS = {
  'Auto-Submitted': 'auto-replied',
  'X-Auto-Response-Suppress': 'All',
};

/** How much of the visitor's message the confirmation quotes, at most. */
export const QUOTED_CHARS = 200;

/**
 * The visitor's confirmation, in the language of their enquiry: received,
 * a personal reply within 24 hours (or, when the company counts working
 * days only, by the day and time its `due_at` falls on in the company's
 * zone, `dueIn`, or by the end of the day before when that is midnight), the start of their message quoted as plain text
 * (QUOTED_CHARS at most), and how to reach the company. `t` speaks the
 * enquiry's language with the company's site texts in place (its name and
 * contact details). It invites a reply: `Reply-To` the team's address of
 * the settings (`replyTo`) when one is set, as replies from the admin.
 */
export function autoReply(
  contact: Contact,
  siteUrl: string,
  t: Translate = translator(contact.language),
  { dueIn, replyTo = '' }: { dueIn?: string; replyTo?: string } = {},
): MailContent {
  const language = contact.language;
  const company = companyDetails(t, siteUrl, language);
  const name = headerText(contact.name, 100);
  const subject = headerText(t('mail.reply.subject', { company: company.name }), 200);
  const privacy = sitePage(siteUrl, '/privacy', language);
  const due = dueIn ? formatDue(contact.due_at, language, dueIn) : null;
  const promise = !due
    ? t('mail.reply.promise')
    : due.endOfDay
      ? t('mail.reply.promiseByEndOf', { day: due.when, zone: due.zone })
      : t('mail.reply.promiseBy', due);
  const paragraphs = [t('mail.reply.thanks', { company: company.name }), promise];
  const quoted = excerpt(contact.message, QUOTED_CHARS);

  const text = [
    t('mail.reply.greeting', { name }),
    '',
    ...paragraphs.flatMap((p) => [p, '']),
    t('mail.reply.yourMessage'),
    quoteText(quoted),
    '',
    t('mail.reply.addMore'),
    '',
    t('mail.reply.signOff'),
    t('mail.reply.team', { company: company.name }),
    '',
    '-- ',
    companyText(company),
    `${t('mail.reply.privacy')}: ${privacy}`,
  ].join('\n');

  const html = htmlDocument(
    language,
    subject,
    `<p>${escapeHtml(t('mail.reply.greeting', { name }))}</p>` +
      paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`).join('') +
      `<p style="margin:16px 0 4px;color:#475569">${escapeHtml(t('mail.reply.yourMessage'))}</p>` +
      blockquote(quoteHtml(quoted)) +
      `<p>${escapeHtml(t('mail.reply.addMore'))}</p>` +
      `<p>${escapeHtml(t('mail.reply.signOff'))}<br>${escapeHtml(t('mail.reply.team', { company: company.name }))}</p>` +
      '<hr style="border:none;border-top:1px solid #e2e8f0;margin:24px 0">' +
      companyHtml(company) +
      `<p style="color:#64748b;font-size:12px"><a href="${escapeHtml(privacy)}">${escapeHtml(t('mail.reply.privacy'))}</a></p>`,
  );

  const team = teamReplyTo(replyTo, company);
  return {
    subject,
    text,
    html,
    ...(team && { replyTo: team }),
    headers: { ...AUTO_REPLY_HEADERS },
  };
}
