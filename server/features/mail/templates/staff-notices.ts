import type { Contact } from '#shared/contact';
import { escapeHtml } from '#shared/html';
import type { Language } from '#shared/languages';
import type { Translate } from '../../../i18n';
import type { MailContent } from '../outbox.repo';
import { adminLink } from './enquiry-alert';
import {
  blockquote,
  formatDueTime,
  headerText,
  htmlDocument,
  quoteHtml,
  quoteText,
} from './mail-parts';

/** Who reads a notice: the language `t` speaks, and the company's zone for its times. */
export type NoticeReader = { language: Language; timeZone: string };

/**
 * A short e-mail to a colleague about one enquiry: a heading line, what
 * happened, when the reply is due (unless the lead says), the visitor's
 * message quoted, and the link that opens it in the admin.
 */
function staffNotice(
  contact: Contact,
  siteUrl: string,
  t: Translate,
  language: Language,
  { subject, lead, due }: { subject: string; lead: string; due: string | null },
): MailContent {
  const link = adminLink(siteUrl, contact.id);
  const text = [
    lead,
    ...(due ? [due] : []),
    '',
    `${t('mail.alert.fields.message')}:`,
    quoteText(contact.message),
    '',
    `${t('mail.alert.open')}: ${link}`,
  ].join('\n');
  const html = htmlDocument(
    language,
    subject,
    `<p>${escapeHtml(lead)}</p>` +
      (due ? `<p>${escapeHtml(due)}</p>` : '') +
      `<p style="margin:16px 0 4px;color:#475569">${escapeHtml(t('mail.alert.fields.message'))}:</p>` +
      blockquote(quoteHtml(contact.message)) +
      `<p><a href="${escapeHtml(link)}" style="display:inline-block;background:#2563eb;color:#ffffff;padding:10px 16px;border-radius:6px;text-decoration:none">${escapeHtml(t('mail.alert.open'))}</a></p>`,
  );
  return { subject: headerText(subject, 200), text, html };
}

const who = (contact: Contact) =>
  headerText(contact.company ? `${contact.name} (${contact.company})` : contact.name, 150);

/** When the reply is due, on the company's clock: a moment, or (at midnight) the day that ends then. */
const dueTime = (contact: Contact, { language, timeZone }: NoticeReader) =>
  formatDueTime(contact.due_at, language, timeZone);

/** "The reply is due by …", by a moment or by the end of a day. */
const dueLine = (contact: Contact, t: Translate, reader: NoticeReader) => {
  const due = dueTime(contact, reader);
  return 'time' in due ? t('mail.notice.due', { due: due.time }) : t('mail.notice.dueEndOf', due);
};

/** To the colleague an enquiry was just assigned to, by someone else. */
export function assignmentNotice(
  contact: Contact,
  siteUrl: string,
  t: Translate,
  { by, ...reader }: NoticeReader & { by: string },
): MailContent {
  return staffNotice(contact, siteUrl, t, reader.language, {
    subject: t('mail.notice.assignedSubject', { name: who(contact) }),
    lead: t('mail.notice.assigned', { by, name: who(contact) }),
    due: dueLine(contact, t, reader),
  });
}

/**
 * To the assignee (or the alert list) when an unanswered enquiry is due
 * within two hours; when it goes out later than its due time (`now`: it
 * waited for an address, or the server was down), it says since when the
 * reply is overdue instead.
 */
export function reminderNotice(
  contact: Contact,
  siteUrl: string,
  t: Translate,
  { now, ...reader }: NoticeReader & { now: Date },
): MailContent {
  if (Date.parse(contact.due_at) <= now.getTime()) {
    const due = dueTime(contact, reader);
    const name = who(contact);
    return staffNotice(contact, siteUrl, t, reader.language, {
      subject: t('mail.notice.overdueSubject', { name }),
      lead:
        'time' in due
          ? t('mail.notice.overdue', { name, due: due.time })
          : t('mail.notice.overdueEndOf', { name, ...due }),
      due: null,
    });
  }
  return staffNotice(contact, siteUrl, t, reader.language, {
    subject: t('mail.notice.reminderSubject', { name: who(contact) }),
    lead: t('mail.notice.reminder', { name: who(contact) }),
    due: dueLine(contact, t, reader),
  });
}
