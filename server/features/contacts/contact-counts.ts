import type { Knex } from 'knex';
import type { ContactStats } from '#shared/contact';
import { dueSoonUntil } from '#shared/reply-due';
import type { Db } from '../../db/knex';
import { toCount } from '../../db/values';
import type { ContactFilter } from './contact-lists.repo';

/** A combination of `contact_counts` (all of them when a field is left out). */
type Kept = { spam: boolean; read?: boolean; replied?: boolean };

const defined = <T extends object>(o: T): T =>
  Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined)) as T;

/**
 * Counts of enquiries without counting them: `contact_counts`, kept by the
 * database as enquiries come, change and go (migration
 * 20261128140000_list_counts.ts), holds how many there are per spam / read /
 * replied. What depends on the time (overdue, due soon) is the kept count
 * of unanswered ones less those not yet due, a short range of
 * `contacts_waiting_due_index` (only enquiries still within their reply
 * promise), however many are waiting.
 */
export function createContactCounts(db: Db) {
  /** The enquiries of a combination, as a subquery. */
  const kept = (which: Kept) => db('contact_counts').where(defined(which)).sum({ n: 'n' });
  /** Unanswered enquiries due at or after `from`, or without a due time, as subqueries. */
  const waiting = (spam: boolean, read: boolean | undefined) =>
    db('contacts').where(defined({ spam, read })).whereNull('replied_at').count('*');
  const notDueBefore = (spam: boolean, from: Date, read?: boolean) => [
    waiting(spam, read).where('due_at', '>=', from.toISOString()),
    waiting(spam, read).whereNull('due_at'),
  ];

  async function one(columns: Record<string, Knex.QueryBuilder>) {
    const row: Record<string, unknown> | undefined = await db
      .select(Object.entries(columns).map(([name, q]) => q.as(name)))
      .first();
    return (name: string) => toCount(row?.[name]);
  }

  return {
    /**
     * The counts of `GET /api/contacts/stats` (but the days) and its last
     * enquiry received, read in one statement.
     */
    async stats(now: Date): Promise<Omit<ContactStats, 'last_7_days' | 'per_day' | 'time_zone'>> {
      const [ahead, undated] = notDueBefore(false, now);
      const get = await one({
        total: kept({ spam: false }),
        unread: kept({ spam: false, read: false }),
        unreplied: kept({ spam: false, replied: false }),
        spam: kept({ spam: true }),
        // The primary key's last entry: one step of its index, however many there are.
        newest: db('contacts').max('id'),
        ahead: ahead!,
        undated: undated!,
        due_soon: waiting(false, undefined)
          .where('due_at', '>=', now.toISOString())
          .where('due_at', '<', dueSoonUntil(now).toISOString()),
      });
      return {
        total: get('total'),
        unread: get('unread'),
        unreplied: get('unreplied'),
        overdue: get('unreplied') - get('ahead') - get('undated'),
        due_soon: get('due_soon'),
        spam: get('spam'),
        // Ids start at 1: none is 0 here.
        newest_id: get('newest') || null,
      };
    },

    /**
     * The total of a list from the kept counts: a folder with its read and
     * reply filters (overdue and "late" less those not due yet). Undefined
     * for a list that must be counted: searched, by assignee, or due soon
     * (a short range of the index itself).
     */
    total(filter: ContactFilter, now: Date): Promise<number> | undefined {
      const { spam = false, read, reply, q, assignee } = filter;
      if (q !== undefined || assignee !== undefined || reply === 'soon') return undefined;
      const replied = reply === undefined ? undefined : reply === 'replied';
      const columns: Record<string, Knex.QueryBuilder> = {
        kept: kept({ spam, read, replied }),
      };
      if (reply === 'overdue' || reply === 'late') {
        const [ahead, undated] = notDueBefore(
          spam,
          reply === 'overdue' ? now : dueSoonUntil(now),
          read,
        );
        Object.assign(columns, { ahead, undated });
      }
      return one(columns).then((get) => get('kept') - get('ahead') - get('undated'));
    },
  };
}
