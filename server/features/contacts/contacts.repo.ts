import type { Knex } from 'knex';
import { SPAM_REASONS, type Contact, type SpamReason } from '#shared/contact';
import type { ContactListQuery, ReplyFilter } from '#shared/contact-list';
import { pickLanguage } from '#shared/languages';
import type { ListPage } from '#shared/list-query';
import { dueSoonBefore, overdueBefore } from '#shared/reply-due';
import { isEmbedded, type Db } from '../../db/knex';
import { applyFilters, pageOf, type FilterAppliers, type PageRequest } from '../../db/list-page';
import { matchingIds, searchIndex } from '../../db/text-search';
import { toBool, toCount, toIso, toIsoOrNull } from '../../db/values';

type Row = Record<string, unknown>;

const reasons = (value: unknown): SpamReason[] =>
  typeof value === 'string' && value !== ''
    ? value
        .split(',')
        .filter((r): r is SpamReason => (SPAM_REASONS as readonly string[]).includes(r))
    : [];

const textOrNull = (value: unknown): string | null =>
  value === null || value === undefined ? null : String(value);

const toContact = (row: Row): Contact => ({
  id: Number(row.id),
  name: String(row.name),
  email: String(row.email),
  company: textOrNull(row.company),
  message: String(row.message),
  language: pickLanguage(row.language),
  read: toBool(row.read),
  replied_at: toIsoOrNull(row.replied_at),
  spam: toBool(row.spam),
  spam_reasons: reasons(row.spam_reasons),
  created_at: toIso(row.created_at),
  source_path: textOrNull(row.source_path),
  source_title: textOrNull(row.source_title),
});

export type NewContact = Pick<
  Contact,
  'name' | 'email' | 'company' | 'message' | 'language' | 'spam' | 'source_path' | 'source_title'
> & {
  spam_score: number;
  spam_reasons: SpamReason[];
  message_hash: string;
  created_at: string;
};

/** Which enquiries a list holds (the spam folder only with `spam: true`). */
export type ContactFilter = Pick<ContactListQuery, 'spam' | 'read' | 'reply' | 'q'>;

const SEARCH = searchIndex('contacts');

/** Unanswered first: the same expression as in `contacts_spam_unreplied_first_index`. */
const UNREPLIED_FIRST = '(replied_at is not null)';

/** How each filter narrows the list at a moment (`now`, for the reply promise). */
const FILTERS: FilterAppliers<ContactFilter, { db: Db; now: Date }> = {
  spam: () => undefined, // always applied, see `filtered`
  read: (q, read) => q.where('contacts.read', read),
  reply: (q, reply, { now }) => replyWhere(q, reply, now),
  q: (q, text, { db }) => {
    const ids = matchingIds(db, SEARCH, text);
    if (ids) q.whereIn('contacts.id', ids);
  },
};

function replyWhere(q: Knex.QueryBuilder, reply: ReplyFilter, now: Date) {
  if (reply === 'replied') return q.whereNotNull('contacts.replied_at');
  q.whereNull('contacts.replied_at');
  if (reply === 'late') q.where('contacts.created_at', '<', dueSoonBefore(now).toISOString());
  if (reply === 'overdue') q.where('contacts.created_at', '<', overdueBefore(now).toISOString());
  return q;
}

/** Plain knex queries on `contacts`; writes that belong with others take the transaction. */
export function createContactsRepo(db: Db) {
  const contacts = (q: Knex = db) => q('contacts');

  /** The list's rows in its order: newest first, or unanswered first. */
  function filtered(filter: ContactFilter, sort: ContactListQuery['sort'], now: Date) {
    const q = contacts().where('contacts.spam', filter.spam ?? false);
    applyFilters(q, filter, FILTERS, { db, now });
    if (sort === 'unreplied') q.orderByRaw(UNREPLIED_FIRST);
    return q.orderBy([
      { column: 'contacts.created_at', order: 'desc' },
      { column: 'contacts.id', order: 'desc' },
    ]);
  }

  return {
    async insert(trx: Knex, fields: NewContact): Promise<Contact> {
      const [row] = await contacts(trx)
        .insert({ ...fields, spam_reasons: fields.spam_reasons.join(','), read: false })
        .returning('*');
      return toContact(row as Row);
    },

    /** Every enquiry of a list, in its order (for clients that do not page). */
    async list(filter: ContactFilter, sort: ContactListQuery['sort'], now: Date) {
      return (await filtered(filter, sort, now)).map(toContact);
    },

    /** One page of a list and the list's total. */
    page(
      filter: ContactFilter,
      sort: ContactListQuery['sort'],
      now: Date,
      page: PageRequest,
    ): Promise<ListPage<Contact>> {
      return pageOf(filtered(filter, sort, now), page, (rows) => rows.map(toContact));
    },

    async findById(id: number, q: Knex = db): Promise<Contact | null> {
      const row = await contacts(q).where({ id }).first();
      return row ? toContact(row) : null;
    },

    async update(
      id: number,
      fields: Partial<{ read: boolean; replied_at: string | null; spam: boolean }>,
      q: Knex = db,
    ): Promise<boolean> {
      return (await contacts(q).where({ id }).update(fields)) > 0;
    },

    async remove(id: number): Promise<boolean> {
      return (await contacts().where({ id }).delete()) > 0;
    },

    /**
     * Every count of the stats in one statement of indexed counts (each a
     * range of one index, see the contacts migrations); spam is counted
     * apart from everything else.
     */
    async counts(overdueBefore: string) {
      const inbox = () => contacts().where('spam', false);
      const row = await db
        .select(
          inbox().count('*').as('total'),
          inbox().where('read', false).count('*').as('unread'),
          inbox().whereNull('replied_at').count('*').as('unreplied'),
          inbox()
            .whereNull('replied_at')
            .where('created_at', '<', overdueBefore)
            .count('*')
            .as('overdue'),
          contacts().where('spam', true).count('*').as('spam'),
        )
        .first();
      return {
        total: toCount(row?.total),
        unread: toCount(row?.unread),
        unreplied: toCount(row?.unreplied),
        overdue: toCount(row?.overdue),
        spam: toCount(row?.spam),
      };
    },

    /** Enquiries (not spam) per UTC day (`YYYY-MM-DD`) since a moment, days without any left out. */
    async countsPerDay(since: string): Promise<Map<string, number>> {
      const day = isEmbedded(db)
        ? 'substr(created_at, 1, 10)'
        : "to_char(created_at at time zone 'UTC', 'YYYY-MM-DD')";
      const rows: Row[] = await contacts()
        .where('spam', false)
        .where('created_at', '>=', since)
        .select(db.raw(`${day} as day`))
        .count({ n: '*' })
        .groupByRaw(day);
      return new Map(rows.map((r) => [String(r.day), toCount(r.n)]));
    },

    /**
     * How many enquiries since a moment carried the same message (spam
     * included), counted up to `atMost`: a flood of one message costs each
     * new enquiry the same few index reads, not one per earlier copy.
     */
    async countSameMessage(hash: string, since: string, atMost: number): Promise<number> {
      const recent = contacts()
        .select(db.raw('1'))
        .where({ message_hash: hash })
        .where('created_at', '>=', since)
        .limit(atMost);
      const row = await db.from(recent.as('recent')).count({ n: '*' }).first();
      return toCount(row?.n);
    },

    async maxId(): Promise<number> {
      const row = await contacts().max({ id: 'id' }).first();
      return toCount(row?.id);
    },

    /** Deletes enquiries received before a moment (their outbox rows go with them). */
    async removeOlderThan(before: string): Promise<number> {
      return contacts().where('created_at', '<', before).delete();
    },
  };
}

export type ContactsRepo = ReturnType<typeof createContactsRepo>;
