import type { Knex } from 'knex';
import type { Contact, EarlierEnquiry } from '#shared/contact';
import type { Language } from '#shared/languages';
import { MAIL_CANCEL_REASONS, MailErrorSchema, type MailStatus } from '#shared/mail-status';
import { DEFAULT_SETTINGS, type Settings } from '#shared/settings';
import type { Config } from '../../config';
import type { Db } from '../../db/knex';
import { translator, type Translate } from '../../i18n';
import { mailAddress, parseMailbox } from '../../mailbox';
import type { SiteTextsService } from '../site-texts/site-texts.service';
import { enquiryEvent } from './enquiry-event';
import { createAutoReplyClaims } from './auto-reply-claims.repo';
import {
  createOutboxRepo,
  type AccountMailKind,
  type MailContent,
  type NewOutboxMessage,
  type OutboxKind,
} from './outbox.repo';
import type { OutboxSignal } from './outbox-signal';
import { accountMail, type AccountMail } from './templates/account-mail';
import { createThreadMail, type StaffRecipient } from './thread-mail';
import { autoReply } from './templates/auto-reply';
import { enquiryAlert, STAFF_LANGUAGE } from './templates/enquiry-alert';
import { systemClock, type Clock } from '../../clock';

/** A stored delivery error: a code and its values (JSON), or the text of one stored before codes. */
function storedError(stored: string): NonNullable<MailStatus['last_failure']>['error'] {
  try {
    const coded = MailErrorSchema.safeParse(JSON.parse(stored));
    if (coded.success) return coded.data;
  } catch {
    // Not JSON: written before errors were stored as codes.
  }
  return { code: null, text: stored };
}

/** The latest failure as the status lists it: its code, and the same in English. */
function failureOf(
  failure: { at: string; error: string },
  english: Translate,
): NonNullable<MailStatus['last_failure']> {
  const error = storedError(failure.error);
  const message =
    error.code === null ? error.text : english(`admin.mail.errors.${error.code}`, error.values);
  return { at: failure.at, error, message };
}

/** The site's address in e-mail links: PUBLIC_URL, else this server on localhost. */
export function mailSiteUrl(config: Pick<Config, 'publicUrl' | 'port'>): string {
  return config.publicUrl ?? `http://localhost:${config.port}`;
}

/** Each address once, whatever its case. */
function distinct(addresses: string[]): string[] {
  const seen = new Set<string>();
  return addresses.filter((a) => !seen.has(a.toLowerCase()) && seen.add(a.toLowerCase()));
}

/**
 * Who gets the alerts about an enquiry: NOTIFY_EMAIL and the list for its
 * language, as bare addresses (`Sales Team <sales@…>` is `sales@…`), each
 * once, in that order. Those on the language's list read the team's mail in
 * that language (also when NOTIFY_EMAIL names them too); NOTIFY_EMAIL's
 * language is not known (STAFF_LANGUAGE).
 */
export function alertRecipients(
  notify: readonly string[],
  settings: Settings,
  language: Language,
): StaffRecipient[] {
  const bare = (list: readonly string[]) => list.flatMap((a) => parseMailbox(a)?.address ?? []);
  const list = bare(settings[`alert_emails_${language}`]);
  const listed = new Set(list.map((a) => a.toLowerCase()));
  return distinct([...bare(notify), ...list]).map((address) => ({
    address,
    language: listed.has(address.toLowerCase()) ? language : null,
  }));
}

/** At most one auto-reply per visitor address in this time. */
export const AUTO_REPLY_EVERY_MS = 24 * 60 * 60 * 1000;

/**
 * Enquiry e-mail: renders the staff alerts, the auto-reply, replies from
 * the admin and the notices to colleagues, and writes them to the outbox
 * inside the caller's transaction, with the webhook's call for a new
 * enquiry; once that commits, the worker is nudged. With SMTP_URL unset no
 * e-mail is queued (webhook calls still are).
 */
export function createMailService({
  db,
  config,
  signal,
  texts,
  settings,
  clock = systemClock,
}: {
  db: Db;
  config: Pick<Config, 'mail' | 'publicUrl' | 'port'>;
  signal?: OutboxSignal;
  /** The company's site texts: the contact details the e-mails end with. */
  texts?: Pick<SiteTextsService, 'snapshot' | 'loaded'>;
  /** The company's settings: alert lists per language, the calendar, the webhook. */
  settings?: { snapshot(): Promise<Settings>; loaded(): Settings };
  clock?: Clock;
}) {
  const outbox = createOutboxRepo(db);
  const claims = createAutoReplyClaims();
  const mail = config.mail;
  const siteUrl = mailSiteUrl(config);
  const speak = (language: Language) =>
    texts ? texts.loaded().translator(language) : translator(language);
  const current = () => settings?.loaded() ?? DEFAULT_SETTINGS;
  /** Tells the worker once the transaction that queued something has committed. */
  const nudgeAfter = (trx: Knex.Transaction) =>
    trx.executionPromise.then(
      () => signal?.notify(),
      () => undefined,
    );
  const thread = createThreadMail({
    outbox,
    mail,
    siteUrl,
    speak,
    freshTexts: async () => texts?.snapshot(),
    settings: current,
    clock,
  });

  return {
    ...thread,
    nudgeAfter,
    /** Who gets the alerts (and reminders of unowned enquiries) for a language, and in which. */
    alertList: (language: Language): StaffRecipient[] =>
      mail ? alertRecipients(mail.notify, current(), language) : [],

    /**
     * Makes sure the settings and site texts are the current ones before an
     * enquiry's transaction opens (reading them inside it could wait on the
     * very connection the transaction holds).
     */
    async prepare(): Promise<void> {
      await settings?.snapshot();
      if (mail) await texts?.snapshot();
    },

    /**
     * Queues the staff alert to every NOTIFY_EMAIL address (in
     * STAFF_LANGUAGE) and the alert list of the enquiry's language (in that
     * language) and, when asked and AUTO_REPLY is on,
     * the visitor's confirmation (naming the due day when only working days
     * count): at most one per visitor address in 24 hours
     * (auto-reply-claims.repo.ts), so the form cannot be used to send the
     * company's mail to someone else over and over; and the webhook's call
     * when one is set. Kinds this enquiry already has (queued, sent or
     * failed) are not queued twice. The alert names the visitor's latest
     * earlier enquiry (`earlier`) and who handles it.
     */
    async queueEnquiryMail(
      trx: Knex.Transaction,
      contact: Contact,
      opts: { autoReply: boolean; earlier?: EarlierEnquiry | null },
    ): Promise<number> {
      const now = current();
      const at = clock();
      if (!mail && !now.webhook_url) return 0;
      const had = new Set<OutboxKind>(await outbox.kindsFor(trx, contact.id));
      const messages: NewOutboxMessage[] = [];
      if (now.webhook_url && !had.has('webhook')) {
        messages.push({
          kind: 'webhook',
          contactId: contact.id,
          recipient: now.webhook_url,
          language: contact.language,
          content: enquiryEvent(contact, siteUrl, speak(STAFF_LANGUAGE)),
        });
      }
      const alerts = mail ? alertRecipients(mail.notify, now, contact.language) : [];
      const visitor = mailAddress(contact.email);
      if (mail && !had.has('staff-alert') && alerts.length > 0) {
        const rendered = new Map<Language, MailContent>();
        for (const recipient of alerts) {
          const language = recipient.language ?? STAFF_LANGUAGE;
          const content =
            rendered.get(language) ??
            enquiryAlert(contact, siteUrl, speak(language), {
              language,
              timeZone: now.reply_time_zone,
              earlier: opts.earlier,
            });
          rendered.set(language, content);
          messages.push({
            kind: 'staff-alert',
            contactId: contact.id,
            recipient: recipient.address,
            language,
            content,
          });
        }
      }
      if (
        mail &&
        !had.has('auto-reply') &&
        opts.autoReply &&
        mail.autoReply &&
        visitor &&
        (await claims.claim(
          trx,
          visitor,
          contact.id,
          at.toISOString(),
          new Date(at.getTime() - AUTO_REPLY_EVERY_MS).toISOString(),
        ))
      ) {
        const dueIn = now.reply_working_days ? now.reply_time_zone : undefined;
        messages.push({
          kind: 'auto-reply',
          contactId: contact.id,
          recipient: visitor,
          language: contact.language,
          content: autoReply(contact, siteUrl, speak(contact.language), {
            dueIn,
            replyTo: now.reply_to_email,
          }),
        });
      }
      await outbox.insert(trx, messages, at.toISOString());
      if (messages.length > 0) void nudgeAfter(trx);
      return messages.length;
    },

    /** True when e-mail is on (SMTP_URL set): account links can be sent rather than shown. */
    enabled: Boolean(mail),

    /**
     * Queues an e-mail with a one-time link (invitation, reset, address
     * confirmation) to one person; false when e-mail is off. Like every
     * e-mail it is sent by the worker, retried while the server is down.
     */
    async queueAccountMail(
      kind: AccountMailKind,
      recipient: string,
      message: AccountMail,
    ): Promise<boolean> {
      const to = mailAddress(recipient);
      if (!mail || !to) return false;
      await Promise.all([texts?.snapshot(), settings?.snapshot()]);
      await outbox.insert(
        db,
        [
          {
            kind,
            contactId: null,
            recipient: to,
            language: message.language,
            content: accountMail(message, current().reply_time_zone, speak(message.language)),
          },
        ],
        clock().toISOString(),
      );
      signal?.notify();
      return true;
    },

    /**
     * Drops what an enquiry has not sent yet (it was moved to the spam
     * folder); an auto-reply dropped so gives its address back. What a
     * worker is sending at this moment, or was sending when it died, goes
     * out and keeps its claim.
     */
    async cancelEnquiryMail(trx: Knex.Transaction, contactId: number): Promise<void> {
      if ((await outbox.cancelPending(trx, contactId, 'auto-reply')) > 0) {
        await claims.release(trx, contactId);
      }
      await outbox.cancelPending(trx, contactId);
    },

    /**
     * Replies written to the enquiries' visitors that have not gone out yet
     * are kept apart from them, so deleting the enquiries (by hand or by
     * retention) does not drop them with the rest of their mail.
     */
    keepUnsentReplies: (trx: Knex.Transaction, contactIds: readonly number[]): Promise<number> =>
      outbox.keepUnsentReplies(trx, contactIds),

    /**
     * What the admin shows about e-mail: on or off, who gets the alerts of
     * each language, the queue, the last failure, the e-mails to colleagues
     * cancelled (by reason). No credentials.
     */
    async status(): Promise<MailStatus> {
      const [s, now] = await Promise.all([outbox.status(), settings?.snapshot()]);
      const reach = (language: Language) =>
        mail ? alertRecipients(mail.notify, now ?? DEFAULT_SETTINGS, language).length : 0;
      // The latest failed attempt, when nothing was delivered after it.
      const unresolved =
        s.lastFailure !== null &&
        (s.lastDeliveryAt === null || s.lastFailure.at > s.lastDeliveryAt);
      return {
        enabled: Boolean(mail),
        auto_reply: Boolean(mail?.autoReply),
        notify: mail?.notify.length ?? 0,
        alert_recipients: { en: reach('en'), pt: reach('pt'), de: reach('de') },
        pending: s.pending,
        failed: s.failed,
        cancelled: s.cancelled.reduce((sum, c) => sum + c.count, 0),
        cancel_reasons: Object.fromEntries(
          MAIL_CANCEL_REASONS.map((reason) => [
            reason,
            s.cancelled.find((c) => c.reason === reason)?.count ?? 0,
          ]),
        ) as MailStatus['cancel_reasons'],
        last_failure: s.lastFailure && failureOf(s.lastFailure, speak('en')),
        last_delivery_at: s.lastDeliveryAt,
        // The server failing (the message waits for another try), or one message refused for good.
        failing: unresolved && !s.lastFailure?.permanent,
        refused: unresolved && Boolean(s.lastFailure?.permanent),
      };
    },
  };
}

export type MailService = ReturnType<typeof createMailService>;
