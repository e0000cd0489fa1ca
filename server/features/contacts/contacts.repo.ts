import type { Knex } from 'knex';
import type { Contact, SpamReason } from '#shared/contact';
import { deleteInBatches, type BatchedDelete } from '../../db/batched-delete';
import { isEmbedded, type Db } from '../../db/knex';
import { toBool, toCount } from '../../db/values';
import { createContactLists } from './contact-lists.repo';
import { toContact, withAssignee } from './contact-row';

type Row = Record<string, unknown>;

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

/**
 * Plain knex queries on `contacts`; writes that belong with others take the transaction.
 * The lists and their counts are those of contact-lists.repo.ts; here are the
 * writes, the reads of single rows and what the jobs read (reminders,
 * retention, owners, repeated messages).
 */
export function createContactsRepo(db: Db) {
  const contacts = (q: Knex = db) => q('contacts');

  return {
    ...createContactLists(db),

    async insert(trx: Knex, fields: NewContact): Promise<Contact> {
      const [row] = await contacts(trx)
        .insert({ ...fields, spam_reasons: fields.spam_reasons.join(','), read: false })
        .returning('*');
      return toContact(row as Row);
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
      const q = withAssignee(db)
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
