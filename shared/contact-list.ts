import { z } from 'zod';
import { adminListQuery, flag } from './list-query';

/**
 * `GET /api/contacts`'s query, shared by the server and the admin (which
 * keeps it in its address). Spam is listed only with `spam=true`.
 */

/** Newest first, or unanswered first (each group newest first). */
export const CONTACT_SORTS = ['newest', 'unreplied'] as const;
export type ContactSort = (typeof CONTACT_SORTS)[number];

/**
 * Where enquiries stand against the reply promise (shared/reply-due.ts):
 * not yet answered, due soon or overdue, overdue, answered.
 */
export const REPLY_FILTERS = ['awaiting', 'late', 'overdue', 'replied'] as const;
export type ReplyFilter = (typeof REPLY_FILTERS)[number];

export const ContactListQuerySchema = adminListQuery({
  spam: flag.optional(),
  read: flag.optional(),
  reply: z.enum(REPLY_FILTERS, { error: 'apiErrors.replyFilterInvalid' }).optional(),
  sort: z.enum(CONTACT_SORTS, { error: 'apiErrors.sortInvalid' }).optional(),
});

export type ContactListQuery = z.output<typeof ContactListQuerySchema>;
