import type { Knex } from 'knex';
import type { DeliveryStatus, ThreadEntry } from '#shared/contact';
import { isLanguage, type Language } from '#shared/languages';
import { handlesEnquiries, ROLES, type Role } from '#shared/roles';
import { isEmbedded, type Db } from '../../db/knex';
import { toBool, toIso } from '../../db/values';

type Row = Record<string, unknown>;

/** A reply or note as written in the admin. */
export type NewThreadEntry = {
  contact_id: number;
  kind: 'reply' | 'note';
  user_id: number | null;
  author: string | null;
  text: string;
  outbox_id: number | null;
  created_at: string;
};

/** A reply of an enquiry's thread as its delivery is judged. */
export type ReplyDelivery = { at: string; userId: number | null; status: DeliveryStatus | null };

/** An account as the enquiries need it: who may own one, and where and in which language to e-mail them. */
export type StaffAccount = {
  id: number;
  username: string;
  /** The display name, if any: replies and notices name the colleague by it. */
  name: string | null;
  email: string | null;
  /** The language they read the team's mail in; null: none chosen (the staff's). */
  language: Language | null;
  role: Role;
  active: boolean;
};

const status = (value: unknown): DeliveryStatus | undefined =>
  value === 'pending' || value === 'sent' || value === 'failed' ? value : undefined;

/** The auto-reply as its reader saw it, without the company's details under the signature line. */
const bodyOf = (content: unknown): string => {
  try {
    const text = String((JSON.parse(String(content)) as { text?: unknown }).text ?? '');
    const cut = text.indexOf('\n-- \n');
    return (cut === -1 ? text : text.slice(0, cut)).trim();
  } catch {
    return '';
  }
};

/**
 * Plain knex queries on `contact_thread` (replies and notes), with the
 * delivery state of each reply's outbox row, the enquiry's auto-reply, and
 * the staff accounts enquiries are given to.
 */
export function createContactThreadRepo(db: Db) {
  return {
    async insert(trx: Knex, entry: NewThreadEntry): Promise<void> {
      await trx('contact_thread').insert(entry);
    },

    /** Replies and notes, oldest first, each by its author's current name (else the one kept). */
    async entries(contactId: number): Promise<ThreadEntry[]> {
      const rows: Row[] = await db('contact_thread as t')
        .leftJoin('users as u', 'u.id', 't.user_id')
        .leftJoin('mail_outbox as m', 'm.id', 't.outbox_id')
        .where('t.contact_id', contactId)
        .orderBy([
          { column: 't.created_at', order: 'asc' },
          { column: 't.id', order: 'asc' },
        ])
        .select('t.kind', 't.text', 't.author', 't.created_at', 'u.username', 'u.name', 'm.status');
      return rows.map((r) => ({
        kind: r.kind === 'reply' ? 'reply' : 'note',
        at: toIso(r.created_at),
        by: r.username ? String(r.username) : r.author ? String(r.author) : null,
        by_name: r.name ? String(r.name) : null,
        text: String(r.text),
        ...(r.kind === 'reply' && { status: status(r.status) ?? 'failed' }),
      }));
    },

    /**
     * The replies written to an enquiry, oldest first (as the thread lists
     * them): when, by which account, and how far each e-mail got (`null`:
     * its outbox row is gone).
     */
    async replies(q: Knex, contactId: number): Promise<ReplyDelivery[]> {
      const rows: Row[] = await q('contact_thread as t')
        .leftJoin('mail_outbox as m', 'm.id', 't.outbox_id')
        .where({ 't.contact_id': contactId, 't.kind': 'reply' })
        .orderBy([
          { column: 't.created_at', order: 'asc' },
          { column: 't.id', order: 'asc' },
        ])
        .select('t.created_at', 't.user_id', 'm.status');
      return rows.map((r) => ({
        at: toIso(r.created_at),
        userId: r.user_id === null || r.user_id === undefined ? null : Number(r.user_id),
        status: status(r.status) ?? null,
      }));
    },

    /** The enquiry's auto-reply as a thread entry (sent, queued or failed), if one was queued. */
    async autoReply(contactId: number): Promise<ThreadEntry | null> {
      const row: Row | undefined = await db('mail_outbox')
        .where({ contact_id: contactId, kind: 'auto-reply' })
        .orderBy('id')
        .first('status', 'content', 'created_at', 'sent_at');
      if (!row) return null;
      return {
        kind: 'auto_reply',
        at: toIso(row.sent_at ?? row.created_at),
        by: null,
        by_name: null,
        text: bodyOf(row.content),
        status: status(row.status) ?? 'pending',
      };
    },

    /** The texts of an enquiry's notes, oldest first (for a drafted reply). */
    async notes(contactId: number): Promise<string[]> {
      return (
        await db('contact_thread')
          .where({ contact_id: contactId, kind: 'note' })
          .orderBy([{ column: 'created_at' }, { column: 'id' }])
          .select('text')
      ).map((r: Row) => String(r.text));
    },

    /**
     * Account `id`, read with `q`. `lock` holds its row (shared) until
     * `q`'s transaction ends on PostgreSQL: a change of its role, its
     * deactivation or deletion (staff.service.ts locks the row to make it)
     * waits for that transaction, and one made before is what is read.
     * SQLite needs nothing: a write transaction there holds the whole database.
     */
    async account(id: number, q: Knex = db, { lock = false } = {}): Promise<StaffAccount | null> {
      const query = q('users')
        .where({ id })
        .first('id', 'username', 'name', 'email', 'language', 'role', 'active');
      const row: Row | undefined = await (lock && !isEmbedded(db) ? query.forShare() : query);
      if (!row) return null;
      const role = (ROLES as readonly unknown[]).includes(row.role) ? (row.role as Role) : 'user';
      return {
        id: Number(row.id),
        username: String(row.username),
        name: row.name ? String(row.name) : null,
        email: row.email ? String(row.email) : null,
        language: isLanguage(row.language) ? row.language : null,
        role,
        active: toBool(row.active),
      };
    },
  };
}

/**
 * True for an account an enquiry may be given to, and e-mailed about: an
 * active account whose role handles enquiries (admin, sales). An editor
 * may not read enquiries, so it is never sent one.
 */
export const canOwnEnquiries = (account: StaffAccount | null): account is StaffAccount =>
  account !== null && handlesEnquiries(account);

export type ContactThreadRepo = ReturnType<typeof createContactThreadRepo>;
