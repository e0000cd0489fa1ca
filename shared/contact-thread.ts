import { z } from 'zod';
import './zod-setup';
import { cleanText } from './text';

/**
 * The bodies of the calls that answer and handle an enquiry from the admin
 * (replies, notes, the assignee, an AI draft), shared by the admin's forms
 * and the server. Messages are catalogue keys.
 */

/** Longest reply, in characters (greeting and signature included). */
export const REPLY_MAX_LENGTH = 10_000;
/** Longest internal note. */
export const NOTE_MAX_LENGTH = 5_000;

/**
 * `POST /api/contacts/{id}/replies`. `seen_replies`: how many replies the
 * thread the writer read held; when a colleague's reply came after them,
 * the reply is refused (409) for the writer to read it first. Without it
 * (older clients, "Send anyway") the reply goes out whatever came since.
 */
export const ReplySchema = z.object({
  message: cleanText('multi-line', 'validation.reply.required').pipe(
    z.string().min(1, 'validation.reply.required').max(REPLY_MAX_LENGTH, 'validation.reply.max'),
  ),
  seen_replies: z
    .number({ error: 'validation.reply.seenReplies' })
    .int('validation.reply.seenReplies')
    .min(0, 'validation.reply.seenReplies')
    .optional(),
});
export type ReplyInput = z.input<typeof ReplySchema>;

/** `POST /api/contacts/{id}/notes`. */
export const NoteSchema = z.object({
  text: cleanText('multi-line', 'validation.note.required').pipe(
    z.string().min(1, 'validation.note.required').max(NOTE_MAX_LENGTH, 'validation.note.max'),
  ),
});
export type NoteInput = z.input<typeof NoteSchema>;

const accountId = z
  .number({ error: 'validation.assignee.invalid' })
  .int('validation.assignee.invalid')
  .positive('validation.assignee.invalid');

/** `PUT /api/contacts/{id}/assignee`: a colleague of the staff list, or `null` for nobody. */
export const AssigneeSchema = z.object({
  user_id: z.union([accountId, z.null()], { error: 'validation.assignee.invalid' }),
});

/** `POST /api/llm/draft-reply`: the enquiry to answer. */
export const DraftReplyRequestSchema = z.object({
  contact_id: z
    .number({ error: 'validation.draftReply.contact' })
    .int('validation.draftReply.contact')
    .positive('validation.draftReply.contact'),
});

/** A reply drafted for review; nothing is sent or stored. */
export type DraftedReply = { message: string };

/**
 * What a reply starts from, in the enquiry's language: the greeting and
 * signature of the company's templates (site texts) and the line that
 * introduces the visitor's message quoted below it.
 */
export type ReplyTemplate = { greeting: string; signature: string; quote_intro: string };

/** The reply editor's starting text: greeting, room for the answer, signature. */
export function replyStart(template: Pick<ReplyTemplate, 'greeting' | 'signature'>): string {
  return `${template.greeting}\n\n\n\n${template.signature}`;
}

/**
 * True when a reply says nothing of its own: only the template's greeting
 * and signature (as the editor starts), whatever the blank lines and
 * spaces around them. Such a reply is not sent.
 */
export function saysNothing(
  message: string,
  template: Pick<ReplyTemplate, 'greeting' | 'signature'>,
): boolean {
  const words = (text: string) => text.replace(/\s+/g, ' ').trim();
  const rest = words(message);
  const greeting = words(template.greeting);
  const signature = words(template.signature);
  if (!rest.startsWith(greeting) || !rest.endsWith(signature)) return rest === '';
  return rest.length <= greeting.length + signature.length + 1;
}

/** A drafted answer between the template's greeting and signature. */
export function replyAround(
  template: Pick<ReplyTemplate, 'greeting' | 'signature'>,
  body: string,
): string {
  return `${template.greeting}\n\n${body.trim()}\n\n${template.signature}`;
}
