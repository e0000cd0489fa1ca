import type { Contact } from '#shared/contact';
import type { Db } from '../../db/knex';
import { now, toBool, toCount, toIso } from '../../db/values';

type Row = Record<string, unknown>;

const toContact = (row: Row): Contact => ({
  id: Number(row.id),
  name: String(row.name),
  email: String(row.email),
  company: row.company === null || row.company === undefined ? null : String(row.company),
  message: String(row.message),
  read: toBool(row.read),
  created_at: toIso(row.created_at),
});

/** Plain knex queries on `contacts`. */
export function createContactsRepo(db: Db) {
  const contacts = () => db('contacts');
  return {
    async insert(fields: Pick<Contact, 'name' | 'email' | 'company' | 'message'>): Promise<number> {
      const [row] = await contacts()
        .insert({ ...fields, read: false, created_at: now() })
        .returning('id');
      return Number(typeof row === 'object' ? row.id : row);
    },

    async list(opts: { limit?: number; offset?: number; read?: boolean }): Promise<Contact[]> {
      const q = contacts();
      if (opts.read !== undefined) q.where('read', opts.read);
      q.orderBy([
        { column: 'created_at', order: 'desc' },
        { column: 'id', order: 'desc' },
      ]);
      if (opts.limit !== undefined) q.limit(opts.limit).offset(opts.offset ?? 0);
      return (await q).map(toContact);
    },

    async findById(id: number): Promise<Contact | null> {
      const row = await contacts().where({ id }).first();
      return row ? toContact(row) : null;
    },

    async setRead(id: number, read: boolean): Promise<boolean> {
      return (await contacts().where({ id }).update({ read })) > 0;
    },

    async remove(id: number): Promise<boolean> {
      return (await contacts().where({ id }).delete()) > 0;
    },

    async count(filter: { read?: boolean; since?: string } = {}): Promise<number> {
      const q = contacts();
      if (filter.read !== undefined) q.where('read', filter.read);
      if (filter.since) q.where('created_at', '>=', filter.since);
      const row = await q.count({ n: '*' }).first();
      return toCount(row?.n);
    },

    /** Creation times since a moment, for the per-day statistics. */
    async createdSince(since: string): Promise<string[]> {
      const rows: Row[] = await contacts().where('created_at', '>=', since).select('created_at');
      return rows.map((r) => toIso(r.created_at));
    },
  };
}

export type ContactsRepo = ReturnType<typeof createContactsRepo>;
