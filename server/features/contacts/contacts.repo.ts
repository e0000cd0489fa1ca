import type { Knex } from 'knex';
import { SPAM_REASONS, type Contact, type SpamReason } from '#shared/contact';
import { pickLanguage } from '#shared/languages';
import type { Db } from '../../db/knex';
import { toBool, toCount, toIso, toIsoOrNull } from '../../db/values';

type Row = Record<string, unknown>;

const reasons = (value: unknown): SpamReason[] =>
  typeof value === 'string' && value !== ''
    ? value
        .split(',')
        .filter((r): r is SpamReason => (SPAM_REASONS as readonly string[]).includes(r))
    : [];

const toContact = (row: Row): Contact => ({
  id: Number(row.id),
  name: String(row.name),
  email: String(row.email),
  company: row.company === null || row.company === undefined ? null : String(row.company),
  message: String(row.message),
  language: pickLanguage(row.language),
  read: toBool(row.read),
  replied_at: toIsoOrNull(row.replied_at),
  spam: toBool(row.spam),
  spam_reasons: reasons(row.spam_reasons),
  created_at: toIso(row.created_at),
});

export type NewContact = Pick<
  Contact,
  'name' | 'email' | 'company' | 'message' | 'language' | 'spam'
> & {
  spam_score: number;
  spam_reasons: SpamReason[];
  message_hash: string;
  created_at: string;
};

export type ContactListOptions = {
  limit?: number;
  offset?: number;
  read?: boolean;
  spam?: boolean;
  /** Unanswered first (each group newest first) instead of newest first. */
  unrepliedFirst?: boolean;
};

/** Plain knex queries on `contacts`; writes that belong with others take the transaction. */
export function createContactsRepo(db: Db) {
  const contacts = (q: Knex = db) => q('contacts');
  return {
    async insert(trx: Knex, fields: NewContact): Promise<Contact> {
      const [row] = await contacts(trx)
        .insert({ ...fields, spam_reasons: fields.spam_reasons.join(','), read: false })
        .returning('*');
      return toContact(row as Row);
    },

    async list(opts: ContactListOptions): Promise<Contact[]> {
      const q = contacts().where('spam', opts.spam ?? false);
      if (opts.read !== undefined) q.where('read', opts.read);
      if (opts.unrepliedFirst) q.orderByRaw('case when replied_at is null then 0 else 1 end');
      q.orderBy([
        { column: 'created_at', order: 'desc' },
        { column: 'id', order: 'desc' },
      ]);
      if (opts.limit !== undefined) q.limit(opts.limit).offset(opts.offset ?? 0);
      return (await q).map(toContact);
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

    /** Every count of the stats in one pass; spam is counted apart from everything else. */
    async counts(overdueBefore: string) {
      const row = await contacts()
        .select(
          db.raw('sum(case when spam then 0 else 1 end) as total'),
          db.raw('sum(case when not spam and not "read" then 1 else 0 end) as unread'),
          db.raw('sum(case when not spam and replied_at is null then 1 else 0 end) as unreplied'),
          db.raw(
            'sum(case when not spam and replied_at is null and created_at < ? then 1 else 0 end) as overdue',
            [overdueBefore],
          ),
          db.raw('sum(case when spam then 1 else 0 end) as spam'),
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

    /** Creation times of the enquiries (not spam) since a moment, for the per-day statistics. */
    async createdSince(since: string): Promise<string[]> {
      const rows: Row[] = await contacts()
        .where('spam', false)
        .where('created_at', '>=', since)
        .select('created_at');
      return rows.map((r) => toIso(r.created_at));
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
