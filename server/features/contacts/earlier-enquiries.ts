import type { Knex } from 'knex';
import { EARLIER_ENQUIRIES_MAX, type Contact, type EarlierEnquiry } from '#shared/contact';
import type { Db } from '../../db/knex';
import { toIso } from '../../db/values';

type Row = Record<string, unknown>;

const text = (value: unknown): string | null =>
  value === null || value === undefined || value === '' ? null : String(value);

/**
 * The enquiries the same visitor sent before `contact` (same address,
 * whatever its case; spam left out), newest first, at most `limit`: when,
 * who handles each (its assignee, else who last replied to it, by display
 * name) and whether it was answered. Read along `contacts_visitor_index`
 * (`lower(email)`, `created_at`), with `q` (a transaction's connection
 * while an enquiry is being stored).
 */
export async function earlierEnquiries(
  db: Db,
  contact: Pick<Contact, 'id' | 'email' | 'created_at'>,
  { limit = EARLIER_ENQUIRIES_MAX, q = db }: { limit?: number; q?: Knex } = {},
): Promise<EarlierEnquiry[]> {
  const { id, email, created_at: at } = contact;
  const rows: Row[] = await q('contacts as c')
    .leftJoin('users as a', 'a.id', 'c.assignee_id')
    .whereRaw('lower(c.email) = lower(?)', [email])
    .where('c.spam', false)
    .where((w) =>
      w
        .where('c.created_at', '<', at)
        .orWhere((same) => same.where('c.created_at', '=', at).where('c.id', '<', id)),
    )
    .orderBy([
      { column: 'c.created_at', order: 'desc' },
      { column: 'c.id', order: 'desc' },
    ])
    .limit(limit)
    .select(
      'c.id',
      'c.created_at',
      'c.replied_at',
      'a.username as assignee_username',
      'a.name as assignee_name',
      q.raw(
        `(select coalesce(nullif(u.name, ''), u.username, t.author) from contact_thread t
           left join users u on u.id = t.user_id
           where t.contact_id = c.id and t.kind = 'reply'
           order by t.created_at desc, t.id desc limit 1) as replier`,
      ),
    );
  return rows.map((r) => ({
    id: Number(r.id),
    created_at: toIso(r.created_at),
    owner: text(r.assignee_name) ?? text(r.assignee_username) ?? text(r.replier),
    replied: r.replied_at !== null && r.replied_at !== undefined,
  }));
}
