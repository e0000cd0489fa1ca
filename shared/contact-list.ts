import { z } from 'zod';
import './zod-setup';
import { adminListQuery, flag } from './list-query';

/**
 * `GET /api/contacts`'s query, shared by the server and the admin (which
 * keeps it in its address). Spam is listed only with `spam=true`.
 */

/**
 * Newest first; unanswered first (each group newest first); or due first:
 * the soonest `due_at` first, answered ones last. The API's default is
 * newest first; the admin's list asks for `due`.
 */
export const CONTACT_SORTS = ['newest', 'unreplied', 'due'] as const;
export type ContactSort = (typeof CONTACT_SORTS)[number];

/**
 * Where enquiries stand against the reply promise (shared/reply-due.ts):
 * not yet answered, due soon or overdue, due soon (not yet overdue),
 * overdue, answered.
 */
export const REPLY_FILTERS = ['awaiting', 'late', 'soon', 'overdue', 'replied'] as const;
export type ReplyFilter = (typeof REPLY_FILTERS)[number];

/** Whose enquiries: the signed-in colleague's (`me`), nobody's yet (`none`). */
export const ASSIGNEE_FILTERS = ['me', 'none'] as const;
export type AssigneeFilter = (typeof ASSIGNEE_FILTERS)[number];

export const ContactListQuerySchema = adminListQuery({
  spam: flag.optional(),
  read: flag.optional(),
  reply: z.enum(REPLY_FILTERS, { error: 'apiErrors.replyFilterInvalid' }).optional(),
  sort: z.enum(CONTACT_SORTS, { error: 'apiErrors.sortInvalid' }).optional(),
  assignee: z.enum(ASSIGNEE_FILTERS, { error: 'apiErrors.assigneeFilterInvalid' }).optional(),
});

export type ContactListQuery = z.output<typeof ContactListQuerySchema>;

/** The CSV's separators: commas, or semicolons for spreadsheets set up for European formats. */
export const CSV_SEPARATOR_NAMES = ['comma', 'semicolon'] as const;
export type CsvSeparatorName = (typeof CSV_SEPARATOR_NAMES)[number];

/**
 * `GET /api/contacts/export`'s query: the list's folder, filters and search
 * (the list's own fields, so the file holds what the list shows, all pages
 * of it) and the separator. Its order is the list's default, newest first.
 */
export const ContactExportQuerySchema = ContactListQuerySchema.pick({
  spam: true,
  read: true,
  reply: true,
  assignee: true,
  q: true,
}).extend({
  separator: z.enum(CSV_SEPARATOR_NAMES, { error: 'apiErrors.separatorInvalid' }).optional(),
});
export type ContactExportQuery = z.output<typeof ContactExportQuerySchema>;
