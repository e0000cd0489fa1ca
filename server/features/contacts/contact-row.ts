import type { Knex } from 'knex';
import { SPAM_REASONS, type Contact, type SpamReason } from '#shared/contact';
import { pickLanguage } from '#shared/languages';
import { toBool, toIso, toIsoOrNull } from '../../db/values';

type Row = Record<string, unknown>;

const reasons = (value: unknown): SpamReason[] =>
  typeof value === 'string' && value !== ''
    ? value
        .split(',')
        .filter((r): r is SpamReason => (SPAM_REASONS as readonly string[]).includes(r))
    : [];

const textOrNull = (value: unknown): string | null =>
  value === null || value === undefined ? null : String(value);

/** A row of `contacts` (read through `withAssignee`) as an enquiry. */
export const toContact = (row: Row): Contact => ({
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

/**
 * Enquiries with their assignee's username and display name, and, for one that waits for a
 * reply, how far the e-mail of its latest reply got (`reply_failed`): a
 * step back along `contact_thread_contact_index`, for those rows only.
 */
export const withAssignee = (q: Knex) =>
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
