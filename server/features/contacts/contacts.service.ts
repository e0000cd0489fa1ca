import { createHash } from 'node:crypto';
import type { Knex } from 'knex';
import type { AuditAction } from '#shared/audit';
import type { Contact, ContactStats, EarlierEnquiry } from '#shared/contact';
import {
  ContactReadSchema,
  ContactRepliedSchema,
  ContactSpamSchema,
  EnquirySchema,
} from '#shared/contact-schema';
import type { ContactExportQuery, ContactListQuery } from '#shared/contact-list';
import type { Language } from '#shared/languages';
import { ADMIN_PAGE_SIZE, type ListPage } from '#shared/list-query';
import { replyCalendar, replyDueAt } from '#shared/reply-due';
import { CSV_BOM } from '#shared/csv';
import { DEFAULT_SETTINGS, type Settings } from '#shared/settings';
import { transactionPerWrite, type GroupCommit } from '../../db/group-commit';
import type { Db } from '../../db/knex';
import { NotFoundError } from '../../errors';
import { NOBODY, type Who } from '../../http/who';
import type { Logger } from '../../logger';
import { parseInput } from '../../validation';
import { NO_AUDIT, type AuditRecorder } from '../../audit-recorder';
import { zoneDay } from '#shared/day-series';
import { lastDays, perDay, statsDays } from './contact-stats';
import { csvWriter } from './contacts-csv';
import type { ListAt } from './contact-lists.repo';
import { createContactsRepo } from './contacts.repo';
import { earlierEnquiries } from './earlier-enquiries';
import type { EnquirySource, EnquirySources } from './enquiry-sources';
import { createDecoyIds, isBot } from './honeypot';
import { REPEATS_THAT_COUNT, scoreEnquiry } from './spam-score';
import { systemClock, type Clock } from '../../clock';

const notFound = () => new NotFoundError('apiErrors.contactNotFound');
const DAY_MS = 24 * 60 * 60 * 1000;
/** Enquiries read at a time by the CSV export. */
export const EXPORT_BATCH = 500;

/** The same message however it is spaced or capitalised. */
export function messageHash(message: string): string {
  const normal = message.normalize('NFKC').toLowerCase().replace(/\s+/gu, ' ').trim();
  return createHash('sha256').update(normal).digest('hex');
}

/**
 * The e-mail of enquiries, as the mail service offers it (app.ts hands it
 * in): queued inside the enquiry's own transaction, so both are stored or
 * neither is.
 */
export type EnquiryMail = {
  queueEnquiryMail(
    trx: Knex.Transaction,
    contact: Contact,
    /** `earlier`: the visitor's latest earlier enquiry, which the staff alert names. */
    opts: { autoReply: boolean; earlier?: EarlierEnquiry | null },
  ): Promise<unknown>;
  cancelEnquiryMail(trx: Knex.Transaction, contactId: number): Promise<unknown>;
  /**
   * Replies to the enquiries' visitors still waiting in the outbox stay
   * there without them: called with the enquiries locked, just before they
   * are deleted (by hand or by retention).
   */
  keepUnsentReplies(trx: Knex.Transaction, contactIds: readonly number[]): Promise<number>;
  /** Awaited before the transaction that queues mail opens. */
  prepare?(): Promise<void>;
};

/**
 * Enquiries: validated with the shared schema, scored for spam, stored
 * trimmed and verbatim with their e-mail queued; the admin's review, reply
 * tracking, spam folder, statistics, export and retention.
 */
export function createContactsService({
  db,
  writes = transactionPerWrite(db),
  mail,
  settings = { snapshot: async () => DEFAULT_SETTINGS },
  logger,
  clock = systemClock,
  audit = NO_AUDIT,
  sources,
}: {
  db: Db;
  /** How an enquiry is written: one commit per enquiry, or gathered (see group-commit.ts). */
  writes?: GroupCommit;
  mail?: EnquiryMail;
  /**
   * The company's settings: the reply calendar an enquiry's `due_at` is worked out by,
   * and the time zone its days (the statistics) and the export's times go by.
   */
  settings?: { snapshot(): Promise<Settings> };
  logger?: Logger;
  clock?: Clock;
  /** Where the admin's changes and exports are recorded (never an enquiry's text). */
  audit?: AuditRecorder;
  /** The public articles and pages an enquiry may say it came from (`from`). */
  sources?: EnquirySources;
}) {
  const repo = createContactsRepo(db);
  const recorded = async <T>(who: Who, action: AuditAction, id: number, result: T) => {
    await audit.record(who, { action, target_type: 'contact', target_id: id });
    return result;
  };

  /**
   * The public article or page `from` names, or null: an enquiry is never
   * refused for where it says it came from, nor lost because that could not
   * be looked up.
   */
  async function sourceOf(from: string | undefined, language: Language) {
    if (!from || !sources) return null;
    try {
      return await sources.find(from, language);
    } catch (err) {
      logger?.warn({ err }, 'enquiry source not looked up');
      return null;
    }
  }

  const decoyId = createDecoyIds(() => repo.maxId());

  /** The visitor's latest enquiry before `contact` (not spam), read in `trx`, or null. */
  const earlierOf = async (trx: Knex, contact: Contact) =>
    (await earlierEnquiries(db, contact, { limit: 1, q: trx }))[0] ?? null;

  async function find(id: number, q: Knex = db): Promise<Contact> {
    const contact = await repo.findById(id, q);
    if (!contact) throw notFound();
    return contact;
  }

  return {
    /**
     * Stores an enquiry in the language it came in (the body's, else the
     * request's), with the public article or page it came from (`from`, a
     * slug; anything else is ignored). A bot's (honeypot filled) is dropped
     * and answered with an id like any other; likely spam is stored in the
     * spam folder without e-mail.
     */
    async submit(
      input: unknown,
      context: { language?: Language } = {},
    ): Promise<{ id: number; stored: boolean; spam: boolean }> {
      if (isBot(input)) return { id: await decoyId(), stored: false, spam: false };
      const { language, form_ms: formMs, from, ...fields } = parseInput(EnquirySchema, input);
      const written = language ?? context.language ?? 'en';
      const source: EnquirySource | null = await sourceOf(from, written);
      const now = clock();
      const hash = messageHash(fields.message);
      const since = new Date(now.getTime() - DAY_MS).toISOString();
      const repeats = await repo.countSameMessage(hash, since, REPEATS_THAT_COUNT);
      const verdict = scoreEnquiry({ ...fields, formMs, repeats });
      const dueAt = replyDueAt(now, replyCalendar(await settings.snapshot()));
      if (!verdict.spam) await mail?.prepare?.();
      const contact = await writes.run(async (trx) => {
        const stored = await repo.insert(trx, {
          ...fields,
          language: written,
          source_path: source?.path ?? null,
          source_title: source?.title ?? null,
          source_id: source?.id ?? null,
          spam: verdict.spam,
          spam_score: verdict.score,
          spam_reasons: verdict.reasons,
          message_hash: hash,
          created_at: now.toISOString(),
          due_at: dueAt.toISOString(),
        });
        if (!stored.spam && mail) {
          const earlier = await earlierOf(trx, stored);
          await mail.queueEnquiryMail(trx, stored, { autoReply: true, earlier });
        }
        if (!stored.spam && source) await sources?.count?.(trx, source.id, stored.language, now, 1);
        return stored;
      });
      if (contact.spam) {
        logger?.info(
          { contact: contact.id, score: verdict.score, reasons: verdict.reasons },
          'enquiry filed as spam',
        );
      }
      return { id: contact.id, stored: true, spam: contact.spam };
    },

    /**
     * A list of enquiries, filtered, searched and sorted by the database: a
     * page and the total with `page`, else all of them (for clients that
     * do not page). `userId` is who asks (the filter "mine").
     */
    list(
      query: ContactListQuery = {},
      userId: number | null = null,
    ): Promise<ListPage<Contact> | Contact[]> {
      const { page, per_page: perPage = ADMIN_PAGE_SIZE, sort, ...filter } = query;
      const at: ListAt = { now: clock(), userId };
      if (page === undefined) return repo.list(filter, sort, at);
      return repo.page(filter, sort, at, { page, perPage });
    },

    get: (id: number) => find(id),

    async setRead(id: number, input: unknown, who: Who = NOBODY): Promise<Contact> {
      const { read } = parseInput(ContactReadSchema, input ?? {});
      if (!(await repo.update(id, { read }))) throw notFound();
      return recorded(who, read ? 'contact.read' : 'contact.unread', id, await find(id));
    },

    /** Marks an enquiry answered (keeping the first time it was) and read, or waiting again. */
    async setReplied(id: number, input: unknown, who: Who = NOBODY): Promise<Contact> {
      const { replied } = parseInput(ContactRepliedSchema, input ?? {});
      const contact = await find(id);
      const fields = replied
        ? { replied_at: contact.replied_at ?? clock().toISOString(), read: true }
        : { replied_at: null };
      await repo.update(id, fields);
      const action = replied ? 'contact.replied' : 'contact.unreplied';
      return recorded(who, action, id, await find(id));
    },

    /**
     * Files an enquiry in the spam folder (its unsent e-mail is dropped) or
     * takes it out: then the staff alert is queued, and the auto-reply too
     * while its reply promise still runs. Mail already sent is never sent again.
     * An enquiry from an article or page counts there only while it is not
     * spam (on the day it arrived): the move adds it or takes it off. The
     * enquiry is locked first, so two moves at once count once.
     */
    async setSpam(id: number, input: unknown, who: Who = NOBODY): Promise<Contact> {
      const { spam } = parseInput(ContactSpamSchema, input ?? {});
      if (!spam) await mail?.prepare?.();
      const contact = await db.transaction(async (trx) => {
        if (!(await repo.lock(trx, id))) throw notFound();
        const contact = await find(id, trx);
        if (contact.spam === spam) return contact;
        await repo.update(id, { spam }, trx);
        const moved = { ...contact, spam };
        if (spam) await mail?.cancelEnquiryMail(trx, id);
        else {
          const fresh = clock().getTime() < Date.parse(contact.due_at);
          if (mail) {
            const earlier = await earlierOf(trx, moved);
            await mail.queueEnquiryMail(trx, moved, { autoReply: fresh, earlier });
          }
        }
        const sourceId = sources?.count ? await repo.sourceId(id, trx) : null;
        if (sourceId !== null) {
          const arrived = new Date(contact.created_at);
          await sources?.count?.(trx, sourceId, contact.language, arrived, spam ? -1 : 1);
        }
        return moved;
      });
      return recorded(who, spam ? 'contact.spam' : 'contact.not_spam', id, contact);
    },

    /**
     * Deletes an enquiry with its thread and mail (decision 008), except a
     * reply written to the visitor that waits in the outbox: the admin was
     * told it was sent, so it stays, no longer tied to the enquiry, and
     * goes out. The enquiry is locked first, so a reply being queued
     * meanwhile is either kept here or refused for want of its enquiry.
     */
    async remove(id: number, who: Who = NOBODY): Promise<{ id: number }> {
      await db.transaction(async (trx) => {
        if (!(await repo.lock(trx, id))) throw notFound();
        await mail?.keepUnsentReplies(trx, [id]);
        await repo.remove(id, trx);
      });
      return recorded(who, 'contact.deleted', id, { id });
    },

    /**
     * The counts, and the enquiries of each of the last 30 days: the
     * company's days (settings `reply_time_zone`, as analytics counts
     * them), ending today there.
     */
    async stats(): Promise<ContactStats> {
      const now = clock();
      const { reply_time_zone: timeZone } = await settings.snapshot();
      const { dates, bounds } = statsDays(now, timeZone);
      const [counts, recent] = await Promise.all([repo.counts(now), repo.countsPerDay(bounds)]);
      const series = perDay(dates, recent);
      return { ...counts, last_7_days: lastDays(series), per_day: series, time_zone: timeZone };
    },

    /**
     * The inbox or the spam folder as CSV (times in UTC and in the company's
     * zone; commas, or semicolons), narrowed by the list's filters and
     * search when given (`assignee=me`: the enquiries of `who`), with a
     * file name for the download (dated with the company's today; a
     * narrowed one says so): its text in parts (the header, then
     * EXPORT_BATCH rows at a time, newest first), read from the database
     * as they are sent.
     */
    async exportCsv(
      opts: ContactExportQuery = {},
      who: Who = NOBODY,
    ): Promise<{ filename: string; csv: AsyncIterable<string> }> {
      const { separator, ...filter } = opts;
      const spam = filter.spam ?? false;
      const narrowed = Object.entries(filter).some(([k, v]) => k !== 'spam' && v !== undefined);
      const at: ListAt = { now: clock(), userId: who.actor?.id ?? null };
      const { reply_time_zone: timeZone } = await settings.snapshot();
      // The day the file is saved on, as the company's people name it.
      const day = zoneDay(clock(), timeZone);
      await audit.record(who, {
        action: 'contact.exported',
        summary: spam ? 'spam' : 'enquiries',
      });
      const writer = csvWriter({ timeZone, separator });
      async function* csv() {
        yield `${CSV_BOM}${writer.header()}\r\n`;
        for await (const batch of repo.batches({ ...filter, spam }, at, EXPORT_BATCH)) {
          let text = '';
          for (const contact of batch) text += `${writer.line(contact)}\r\n`;
          yield text;
        }
      }
      const name = `${spam ? 'spam-' : ''}enquiries${narrowed ? '-filtered' : ''}`;
      return { filename: `${name}-${day}.csv`, csv: csv() };
    },

    /**
     * Deletes enquiries older than the retention period, keeping their
     * unsent replies as `remove` does; answers how many went.
     */
    purgeOlderThan(days: number): Promise<number> {
      return repo.removeOlderThan(new Date(clock().getTime() - days * DAY_MS).toISOString(), {
        beforeDelete: mail && ((trx, ids) => mail.keepUnsentReplies(trx, ids)),
      });
    },
  };
}

export type ContactsService = ReturnType<typeof createContactsService>;
