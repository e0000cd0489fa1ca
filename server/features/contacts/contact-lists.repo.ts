import type { Knex } from 'knex';
import type { Contact } from '#shared/contact';
import type { AssigneeFilter, ContactListQuery, ReplyFilter } from '#shared/contact-list';
import { SEARCH_MAX_RESULTS, type ListPage } from '#shared/list-query';
import { dueSoonUntil } from '#shared/reply-due';
import { isEmbedded, type Db } from '../../db/knex';
import { applyFilters, pageOf, type FilterAppliers, type PageRequest } from '../../db/list-page';
import { newestMatchingIds, searchIndex, whereAmong } from '../../db/text-search';
import { toCount } from '../../db/values';
import { createContactCounts } from './contact-counts';
import { toContact, withAssignee } from './contact-row';

type Row = Record<string, unknown>;

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

/**
 * The lists of enquiries: a folder's list with its filters and search, its
 * pages and total, the export's batches, and the counts of the statistics
 * (those the database keeps, and per day). contacts.repo.ts spreads them
 * into its repo.
 */
export function createContactLists(db: Db) {
  const counts = createContactCounts(db);
  const contacts = (q: Knex = db) => q('contacts');

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
      ? whereAmong(db, withAssignee(db), 'contacts.id', ids)
      : narrowing(filter, at)(withAssignee(db));
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
          ? whereAmong(db, withAssignee(db), 'contacts.id', ids)
          : narrowing(filter, at)(withAssignee(db));
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
  };
}
