import type { Knex } from 'knex';
import { SPAM_REASONS, type Contact, type SpamReason } from '#shared/contact';
import type { AssigneeFilter, ContactListQuery, ReplyFilter } from '#shared/contact-list';
import { pickLanguage } from '#shared/languages';
import { SEARCH_MAX_RESULTS, type ListPage } from '#shared/list-query';
import { dueSoonUntil } from '#shared/reply-due';
import { deleteInBatches, type BatchedDelete } from '../../db/batched-delete';
import { isEmbedded, type Db } from '../../db/knex';
import { applyFilters, pageOf, type FilterAppliers, type PageRequest } from '../../db/list-page';
import { newestMatchingIds, searchIndex, whereAmong } from '../../db/text-search';
import { toBool, toCount, toIso, toIsoOrNull } from '../../db/values';
import { createContactCounts } from './contact-counts';

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
  reply_failed: row.replied_at == null && row.last_reply_status === 'failed',
  spam: toBool(row.spam),
  spam_reasons: reasons(row.spam_reasons),
  created_at: toIso(row.created_at),
  source_path: textOrNull(row.source_path),
  source_title: textOrNull(row.source_title),
  due_at: toIso(row.due_at ?? row.created_at),
  assignee:
    row.assignee_id === null || row.assignee_id === undefined || !row.assignee_username
      ? null
      : {
          id: Number(row.assignee_id),
          username: String(row.assignee_username),
          name: textOrNull(row.assignee_name),
        },
});

export type NewContact = Pick<
  Contact,
  'name' | 'email' | 'company' | 'message' | 'language' | 'spam' | 'source_path' | 'source_title'
> & {
  /** The article's or page's id when `source_path` names one (its counts, analytics). */
  source_id: number | null;
  spam_score: number;
  spam_reasons: SpamReason[];
  message_hash: string;
  created_at: string;
  due_at: string;
};

/** Which enquiries a list holds (the spam folder only with `spam: true`). */
export type ContactFilter = Pick<ContactListQuery, 'spam' | 'read' | 'reply' | 'q' | 'assignee'>;

/** What a list's filters are read against: the time (the reply promise) and who asks ("mine"). */
type FilterContext = { db: Db; now: Date; userId: number | null };

const SEARCH = searchIndex('contacts');

/**
 * Unanswered first: the expression of `contacts_spam_unreplied_first_index`
 * and `contacts_spam_due_index` (the databases match it with or without the
 * table's name).
 */
const UNREPLIED_FIRST = '(contacts.replied_at is not null)';

/** How each filter narrows the list at a moment (`now`, for the reply promise). */
const FILTERS: FilterAppliers<ContactFilter, FilterContext> = {
  spam: () => undefined, // always applied, see `filtered`
  read: (q, read) => q.where('contacts.read', read),
  reply: (q, reply, { db, now }) => replyWhere(q, reply, now, isEmbedded(db)),
  assignee: (q, assignee, { userId }) => assigneeWhere(q, assignee, userId),
  q: () => undefined, // a bounded set of matches, see `filtered`
};

/**
 * Overdue and "late" are most of a backlog: on SQLite their `due_at` bound
 * is written `+due_at`, which no index serves, so that SQLite walks the
 * index of the list's order and stops at a page, rather than taking the
 * bound along `contacts_waiting_due_index` and sorting every match
 * (hundreds of ms at 100,000 enquiries). PostgreSQL weighs both by its
 * statistics. Due soon is a short range and keeps the index.
 */
function replyWhere(q: Knex.QueryBuilder, reply: ReplyFilter, now: Date, embedded: boolean) {
  if (reply === 'replied') return q.whereNotNull('contacts.replied_at');
  q.whereNull('contacts.replied_at');
  const at = now.toISOString();
  const soon = dueSoonUntil(now).toISOString();
  const dueBefore = (moment: string) =>
    q.whereRaw(`${embedded ? '+' : ''}contacts.due_at < ?`, [moment]);
  if (reply === 'late') dueBefore(soon);
  if (reply === 'soon') q.where('contacts.due_at', '>=', at).where('contacts.due_at', '<', soon);
  if (reply === 'overdue') dueBefore(at);
  return q;
}

function assigneeWhere(q: Knex.QueryBuilder, assignee: AssigneeFilter, userId: number | null) {
  if (assignee === 'none') return q.whereNull('contacts.assignee_id');
  return q.where('contacts.assignee_id', userId ?? -1);
}

/** The moment a list is read at, and who reads it (for "mine"). */
export type ListAt = { now: Date; userId?: number | null };

/** Plain knex queries on `contacts`; writes that belong with others take the transaction. */
export function createContactsRepo(db: Db) {
  const counts = createContactCounts(db);
  const contacts = (q: Knex = db) => q('contacts');
  /**
   * Enquiries with their assignee's username and display name, and, for one that waits for a
   * reply, how far the e-mail of its latest reply got (`reply_failed`): a
   * step back along `contact_thread_contact_index`, for those rows only.
   */
  const withAssignee = (q: Knex = db) =>
    q('contacts')
      .leftJoin('users as assignee', 'assignee.id', 'contacts.assignee_id')
      .select(
        'contacts.*',
        'assignee.username as assignee_username',
        'assignee.name as assignee_name',
        q.raw(
          `case when contacts.replied_at is null then (
             select m.status from contact_thread t
             left join mail_outbox m on m.id = t.outbox_id
             where t.contact_id = contacts.id and t.kind = 'reply'
             order by t.created_at desc, t.id desc limit 1
           ) end as last_reply_status`,
        ),
      );

  /** A query narrowed to a list's folder and filters (its search aside) at a moment. */
  const narrowing = (filter: ContactFilter, at: ListAt) => (q: Knex.QueryBuilder) =>
    applyFilters(q.where('contacts.spam', filter.spam ?? false), filter, FILTERS, {
      db,
      now: at.now,
      userId: at.userId ?? null,
    });

  /**
   * A search's matches: the ids of the SEARCH_MAX_RESULTS most recently
   * received enquiries of the list that hold its words (along the
   * full-text index), as a subquery; null without a search.
   */
  function matches(filter: ContactFilter, at: ListAt) {
    const narrowed = narrowing(filter, at);
    return newestMatchingIds(db, SEARCH, filter.q, SEARCH_MAX_RESULTS, (id) =>
      narrowed(contacts().select(db.raw('1')).whereRaw(`contacts.id = ${id}`)),
    );
  }

  /** Those ids read once (a page and its total both come from them), or null without a search. */
  async function matchingIds(filter: ContactFilter, at: ListAt): Promise<number[] | null> {
    const found = matches(filter, at);
    return found ? ((await found) as Row[]).map((r) => Number(r.id)) : null;
  }

  /**
   * The list's rows in its order: newest first, unanswered first, or due
   * first; with a search, its matches (`ids`, or the subquery), which
   * passed the filters already, looked up by key and ordered.
   */
  function filtered(
    filter: ContactFilter,
    sort: ContactListQuery['sort'],
    at: ListAt,
    ids: number[] | Knex.QueryBuilder | null = matches(filter, at),
  ) {
    const q = ids
      ? whereAmong(db, withAssignee(), 'contacts.id', ids)
      : narrowing(filter, at)(withAssignee());
    if (sort === 'due')
      return q.orderByRaw(UNREPLIED_FIRST).orderBy([
        { column: 'contacts.due_at', order: 'asc' },
        { column: 'contacts.id', order: 'asc' },
      ]);
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
    async list(filter: ContactFilter, sort: ContactListQuery['sort'], at: ListAt) {
      return (await filtered(filter, sort, at)).map(toContact);
    },

    /** One page of a list and the list's total. */
    async page(
      filter: ContactFilter,
      sort: ContactListQuery['sort'],
      at: ListAt,
      page: PageRequest,
    ): Promise<ListPage<Contact>> {
      const ids = await matchingIds(filter, at);
      return pageOf(
        filtered(filter, sort, at, ids),
        page,
        (rows) => rows.map(toContact),
        ids ? Promise.resolve(ids.length) : counts.total(filter, at.now),
      );
    },

    /**
     * Every enquiry of a list (its folder, filters and search, as `list`
     * has them at `at`), newest first, read `size` at a time from where
     * the last batch stopped (by `created_at` and id, along
     * `contacts_spam_created_at_index`): memory and each read stay the same
     * however many there are, and no read holds the database. A search's
     * matches are the list's (the SEARCH_MAX_RESULTS newest), read once.
     */
    async *batches(filter: ContactFilter, at: ListAt, size: number): AsyncGenerator<Contact[]> {
      const ids = await matchingIds(filter, at);
      let last: Contact | undefined;
      for (;;) {
        const q = ids
          ? whereAmong(db, withAssignee(), 'contacts.id', ids)
          : narrowing(filter, at)(withAssignee());
        if (last) {
          const { created_at, id } = last;
          q.where((w) =>
            w
              .where('contacts.created_at', '<', created_at)
              .orWhere((same) =>
                same.where('contacts.created_at', '=', created_at).where('contacts.id', '<', id),
              ),
          );
        }
        const rows: Row[] = await q
          .orderBy([
            { column: 'contacts.created_at', order: 'desc' },
            { column: 'contacts.id', order: 'desc' },
          ])
          .limit(size);
        if (rows.length === 0) return;
        const batch = rows.map(toContact);
        yield batch;
        if (rows.length < size) return;
        last = batch.at(-1);
      }
    },

    async findById(id: number, q: Knex = db): Promise<Contact | null> {
      const row = await withAssignee(q).where('contacts.id', id).first();
      return row ? toContact(row) : null;
    },

    async update(
      id: number,
      fields: Partial<{
        read: boolean;
        replied_at: string | null;
        spam: boolean;
        assignee_id: number | null;
      }>,
      q: Knex = db,
    ): Promise<boolean> {
      return (await contacts(q).where({ id }).update(fields)) > 0;
    },

    async remove(id: number, q: Knex = db): Promise<boolean> {
      return (await contacts(q).where({ id }).delete()) > 0;
    },

    /** The id of the article or page the enquiry came from, or null. */
    async sourceId(id: number, q: Knex = db): Promise<number | null> {
      const row = (await contacts(q).where({ id }).first('source_id')) as Row | undefined;
      return row?.source_id === null || row?.source_id === undefined ? null : Number(row.source_id);
    },

    /**
     * Locks an enquiry's row until `trx` ends (PostgreSQL; on SQLite the
     * write transaction holds the file's lock already); false when there is none.
     */
    async lock(trx: Knex, id: number): Promise<boolean> {
      const row = contacts(trx).where({ id }).first('id');
      return Boolean(await (isEmbedded(db) ? row : row.forUpdate()));
    },

    /**
     * Every enquiry `userId` owns goes back to nobody (with `q`); answers
     * each one given back, by id, and whether it was open (not answered,
     * not in spam). One statement: an enquiry unassigned meanwhile is in
     * the answer only if this took it.
     */
    async releaseOwner(userId: number, q: Knex = db): Promise<{ id: number; open: boolean }[]> {
      const rows: Row[] = await contacts(q)
        .where({ assignee_id: userId })
        .update({ assignee_id: null })
        .returning(['id', 'replied_at', 'spam']);
      return rows
        .map((row) => ({ id: Number(row.id), open: row.replied_at == null && !toBool(row.spam) }))
        .sort((a, b) => a.id - b.id);
    },

    /** How many open enquiries (not answered, not in spam) each account owns: only owners of any. */
    async openByOwner(q: Knex = db): Promise<Map<number, number>> {
      const rows: Row[] = await contacts(q)
        .whereNotNull('assignee_id')
        .whereNull('replied_at')
        .where('spam', false)
        .groupBy('assignee_id')
        .select('assignee_id')
        .count({ n: '*' });
      return new Map(rows.map((row) => [Number(row.assignee_id), toCount(row.n)]));
    },

    /** The counts of the stats, from the counts the database keeps (contact-counts.ts). */
    counts: (now: Date) => counts.stats(now),

    /**
     * Enquiries (not spam) per day, the days given by the moments they
     * begin and the moment the last one ends (`bounds`, ISO 8601, in
     * order): counts by position, 0 for a day without any. The days may be
     * of any length (a time zone's, 23 or 25 hours where its clocks change).
     */
    async countsPerDay(bounds: readonly string[]): Promise<number[]> {
      const days = Math.max(0, bounds.length - 1);
      const counts = Array.from({ length: days }, () => 0);
      if (days === 0) return counts;
      const inner = bounds.slice(1, -1);
      // A day's position, from the moments between the days (positions are ours, not input).
      const day =
        inner.length === 0
          ? db.raw('0')
          : db.raw(
              `case ${inner.map((_, i) => `when created_at < ? then ${i}`).join(' ')} else ${days - 1} end`,
              inner,
            );
      const inWindow = contacts()
        .where('spam', false)
        .where('created_at', '>=', bounds[0]!)
        .where('created_at', '<', bounds.at(-1)!)
        .select(day.wrap('(', ') as day'));
      const rows: Row[] = await db
        .from(inWindow.as('in_window'))
        .select('day')
        .count({ n: '*' })
        .groupBy('day');
      for (const r of rows) counts[Number(r.day)] = toCount(r.n);
      return counts;
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

    /**
     * Unanswered enquiries (not spam) whose reply falls due before `until`,
     * not yet reminded of, and due after `since` (older ones are left alone):
     * `limit` of them, soonest due first, after `after` (the last one of the
     * previous batch) when given.
     */
    async dueForReminder(
      until: string,
      since: string,
      limit: number,
      after?: Pick<Contact, 'id' | 'due_at'>,
    ): Promise<Contact[]> {
      const q = withAssignee()
        .where('contacts.spam', false)
        .whereNull('contacts.replied_at')
        .whereNull('contacts.reminded_at')
        .where('contacts.due_at', '<', until)
        .where('contacts.due_at', '>', since);
      if (after) {
        q.where((w) =>
          w
            .where('contacts.due_at', '>', after.due_at)
            .orWhere((same) =>
              same.where('contacts.due_at', '=', after.due_at).where('contacts.id', '>', after.id),
            ),
        );
      }
      const rows: Row[] = await q
        .orderBy([
          { column: 'contacts.due_at', order: 'asc' },
          { column: 'contacts.id', order: 'asc' },
        ])
        .limit(limit);
      return rows.map(toContact);
    },

    async maxId(): Promise<number> {
      const row = await contacts().max({ id: 'id' }).first();
      return toCount(row?.id);
    },

    /**
     * Deletes enquiries received before a moment (their outbox rows go with
     * them, but for what `beforeDelete` unties from each batch), or only the
     * spam among them, in short batches (batched-delete.ts).
     */
    removeOlderThan(
      before: string,
      { spamOnly = false, ...batches }: BatchedDelete & { spamOnly?: boolean } = {},
    ): Promise<number> {
      return deleteInBatches(
        db,
        'contacts',
        (q) => {
          // Along contacts_spam_created_at_index.
          if (spamOnly) q.where('spam', true);
          q.where('created_at', '<', before);
        },
        batches,
      );
    },
  };
}

export type ContactsRepo = ReturnType<typeof createContactsRepo>;
