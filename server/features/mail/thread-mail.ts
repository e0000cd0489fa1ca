import type { Knex } from 'knex';
import type { Contact } from '#shared/contact';
import type { ReplyTemplate } from '#shared/contact-thread';
import type { Language } from '#shared/languages';
import type { Settings } from '#shared/settings';
import { displayNameOf } from '#shared/users';
import type { Config } from '../../config';
import type { Translate } from '../../i18n';
import { mailAddress, type Mailbox } from '../../mailbox';
import { messageId } from './outbox-delivery';
import type { MailContent, NewOutboxMessage, OutboxRepo } from './outbox.repo';
import { STAFF_LANGUAGE } from './templates/enquiry-alert';
import { enquiryReply, type ReplyThread } from './templates/enquiry-reply';
import { companyDetails, formatTime, headerText, teamReplyTo } from './templates/mail-parts';
import { assignmentNotice, reminderNotice } from './templates/staff-notices';
import type { Clock } from '../../clock';

/**
 * Someone of the team the mail about an enquiry goes to, and the language
 * they read it in: their account's (an owner, an assignee), or the one of
 * the alert list they are on; null when it is not known (NOTIFY_EMAIL, an
 * account that chose none), which is STAFF_LANGUAGE. `account`: the
 * account it goes to because of its role (an owner, an assignee), checked
 * again when the mail is sent; absent for an address of a list.
 */
export type StaffRecipient = { address: string; language: Language | null; account?: number };

/** Who answers: the colleague's username, display name and account e-mail (each if any). */
export type Sender = { username: string; name: string | null; email: string | null };

/**
 * The e-mails of an enquiry's handling, queued in the caller's transaction
 * (the caller nudges the worker once it commits): a colleague's reply to
 * the visitor, the notice to a colleague it was assigned to, and the
 * reminder of a reply that is due soon.
 */
export function createThreadMail(deps: {
  outbox: OutboxRepo;
  mail: Config['mail'];
  siteUrl: string;
  speak: (language: Language) => Translate;
  /** Makes sure `speak` has the current site texts. */
  freshTexts: () => Promise<unknown>;
  settings: () => Settings;
  clock: Clock;
}) {
  const { outbox, mail, siteUrl, speak, freshTexts, settings, clock } = deps;
  const now = () => clock().toISOString();

  /**
   * The thread a reply joins: the auto-reply's subject and the Message-ID
   * it was sent with (or, still queued, will be: it is made from its row).
   * A failed auto-reply never reached the visitor, so there is none.
   */
  async function threadOf(trx: Knex, contactId: number): Promise<ReplyThread> {
    const auto = await outbox.autoReplyOf(trx, contactId);
    if (!auto || auto.status === 'failed' || !mail) return { subject: null, messageId: null };
    return {
      subject: auto.subject,
      messageId: auto.messageId ?? messageId(auto, mail.from.address),
    };
  }

  /** The visitor answers the colleague, else the team's address in the settings, else MAIL_FROM. */
  function replyToFor(sender: Sender, t: Translate, language: Language): Mailbox | null {
    const own = sender.email && mailAddress(sender.email);
    if (own) return { name: displayNameOf(sender), address: own };
    return teamReplyTo(settings().reply_to_email, companyDetails(t, siteUrl, language));
  }

  const staffMessage = (
    contact: Contact,
    recipient: { address: string; account?: number },
    language: Language,
    kind: 'assigned' | 'reminder',
    content: NewOutboxMessage['content'],
  ): NewOutboxMessage =>
    ({
      kind,
      contactId: contact.id,
      recipient: recipient.address,
      accountId: recipient.account ?? null,
      language,
      content,
    }) as NewOutboxMessage;

  return {
    /**
     * What a reply starts from, in the enquiry's language: the greeting and
     * signature of the company's templates (site texts) and the line over
     * the quoted message, as the e-mail will show them.
     */
    async replyTemplate(contact: Contact, sender: string): Promise<ReplyTemplate> {
      await freshTexts();
      const t = speak(contact.language);
      const name = headerText(contact.name, 100);
      const company = companyDetails(t, siteUrl, contact.language).name;
      return {
        greeting: t('mail.answer.greeting', { name }),
        signature: t('mail.answer.signature', { sender, company }),
        quote_intro: t('mail.answer.quoteIntro', {
          date: formatTime(contact.created_at, contact.language, settings().reply_time_zone),
          name,
        }),
      };
    },

    /** Queues a colleague's reply to the visitor; answers its outbox id (null while e-mail is off). */
    async queueReply(
      trx: Knex.Transaction,
      contact: Contact,
      message: string,
      sender: Sender,
    ): Promise<number | null> {
      if (!mail) return null;
      const t = speak(contact.language);
      const content = enquiryReply(contact, message, {
        siteUrl,
        t,
        thread: await threadOf(trx, contact.id),
        replyTo: replyToFor(sender, t, contact.language),
        timeZone: settings().reply_time_zone,
      });
      return outbox.insertOne(
        trx,
        {
          kind: 'reply',
          contactId: contact.id,
          recipient: mailAddress(contact.email) ?? contact.email,
          language: contact.language,
          content,
        },
        now(),
      );
    },

    /**
     * Tells a colleague (by their account's e-mail) that `by` (as
     * `displayNameOf` names them) gave them an enquiry, in the language of
     * their account (STAFF_LANGUAGE when it has none), whatever the language
     * of the one who assigned it.
     */
    async queueAssigned(
      trx: Knex.Transaction,
      contact: Contact,
      recipient: StaffRecipient,
      by: string,
    ): Promise<boolean> {
      const to = mailAddress(recipient.address);
      if (!mail || !to) return false;
      const language = recipient.language ?? STAFF_LANGUAGE;
      const content = assignmentNotice(contact, siteUrl, speak(language), {
        by,
        language,
        timeZone: settings().reply_time_zone,
      });
      await outbox.insert(
        trx,
        [
          staffMessage(
            contact,
            { address: to, account: recipient.account },
            language,
            'assigned',
            content,
          ),
        ],
        now(),
      );
      return true;
    },

    /**
     * Reminds the given colleagues that an enquiry is due soon (or overdue)
     * and nobody replied, each in the language they read (STAFF_LANGUAGE
     * when it is not known).
     */
    async queueReminder(
      trx: Knex.Transaction,
      contact: Contact,
      recipients: StaffRecipient[],
    ): Promise<number> {
      const to = recipients.flatMap(({ address, language, account }) => {
        const valid = mailAddress(address);
        return valid ? [{ address: valid, language: language ?? STAFF_LANGUAGE, account }] : [];
      });
      if (!mail || to.length === 0) return 0;
      const at = clock();
      const rendered = new Map<Language, MailContent>();
      const contentIn = (language: Language) => {
        let content = rendered.get(language);
        if (!content) {
          content = reminderNotice(contact, siteUrl, speak(language), {
            language,
            timeZone: settings().reply_time_zone,
            now: at,
          });
          rendered.set(language, content);
        }
        return content;
      };
      await outbox.insert(
        trx,
        to.map((r) => staffMessage(contact, r, r.language, 'reminder', contentIn(r.language))),
        now(),
      );
      return to.length;
    },
  };
}

export type ThreadMail = ReturnType<typeof createThreadMail>;
