import type { Contact } from '#shared/contact';
import { escapeHtml } from '#shared/html';
import type { Mailbox } from '../../../mailbox';
import type { Translate } from '../../../i18n';
import type { MailContent } from '../outbox.repo';
import {
  blockquote,
  companyDetails,
  companyHtml,
  companyText,
  formatTime,
  headerText,
  htmlDocument,
  paragraphsHtml,
  quoteHtml,
  quoteText,
  sitePage,
} from './mail-parts';

export type ReplyThread = {
  /** The subject of the thread so far (the auto-reply's), else null. */
  subject: string | null;
  /** The Message-ID of the auto-reply the visitor received, else null. */
  messageId: string | null;
};

/**
 * A colleague's answer to an enquiry, in the enquiry's language: the text
 * as written in the admin (greeting and signature included), the visitor's
 * message quoted under it, and the company's details. In the enquiry's
 * thread: `Re:` its subject, and `In-Reply-To`/`References` the auto-reply
 * when there was one. `Reply-To` is whoever should get the visitor's answer.
 * The quote's date is on the company's clock (`timeZone`).
 */
export function enquiryReply(
  contact: Contact,
  message: string,
  {
    siteUrl,
    t,
    thread,
    replyTo,
    timeZone,
  }: {
    siteUrl: string;
    t: Translate;
    thread: ReplyThread;
    replyTo: Mailbox | null;
    timeZone: string;
  },
): MailContent {
  const language = contact.language;
  const company = companyDetails(t, siteUrl, language);
  const topic = thread.subject ?? t('mail.answer.subject', { company: company.name });
  const subject = headerText(/^re:/i.test(topic) ? topic : `Re: ${topic}`, 200);
  const intro = t('mail.answer.quoteIntro', {
    date: formatTime(contact.created_at, language, timeZone),
    name: headerText(contact.name, 100),
  });
  const privacy = sitePage(siteUrl, '/privacy', language);
  const text = [
    message,
    '',
    intro,
    quoteText(contact.message),
    '',
    '-- ',
    companyText(company),
    `${t('mail.reply.privacy')}: ${privacy}`,
  ].join('\n');
  const html = htmlDocument(
    language,
    subject,
    paragraphsHtml(message) +
      `<p style="margin:16px 0 4px;color:#475569">${escapeHtml(intro)}</p>` +
      blockquote(quoteHtml(contact.message)) +
      '<hr style="border:none;border-top:1px solid #e2e8f0;margin:24px 0">' +
      companyHtml(company) +
      `<p style="color:#64748b;font-size:12px"><a href="${escapeHtml(privacy)}">${escapeHtml(t('mail.reply.privacy'))}</a></p>`,
  );
  const headers = thread.messageId
    ? { 'In-Reply-To': thread.messageId, References: thread.messageId }
    : undefined;
  return {
    subject,
    text,
    html,
    ...(replyTo && { replyTo }),
    ...(headers && { headers }),
  };
}
