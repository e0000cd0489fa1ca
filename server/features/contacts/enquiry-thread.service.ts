import type { Knex } from 'knex';
import type { AuditAction } from '#shared/audit';
import type { Contact, ContactDetail, ThreadEntry } from '#shared/contact';
import {
  AssigneeSchema,
  NoteSchema,
  ReplySchema,
  saysNothing,
  type ReplyTemplate,
} from '#shared/contact-thread';
import { formatDateTime } from '#shared/date-time';
import { LOCALES, type Language } from '#shared/languages';
import { displayNameOf } from '#shared/users';
import type { Db } from '../../db/knex';
import {
  BadRequestError,
  ConflictError,
  NotFoundError,
  ServiceUnavailableError,
} from '../../errors';
import { parseInput } from '../../validation';
import { accountOf, type Who } from '../../http/who';
import { NO_AUDIT, type AuditRecorder } from '../../audit-recorder';
import type { Sender, ThreadMail } from '../mail/thread-mail';
import { canOwnEnquiries, createContactThreadRepo } from './contact-thread.repo';
import { createContactsRepo } from './contacts.repo';
import { earlierEnquiries } from './earlier-enquiries';
import { systemClock, type Clock } from '../../clock';

/** The signed-in colleague who acts (`accountOf(who)`). */
type Actor = ReturnType<typeof accountOf>;

const notFound = () => new NotFoundError('apiErrors.contactNotFound');

/**
 * A moment on the company's clock (the settings' `reply_time_zone`), in the
 * reader's language, the zone named: "02/03/2025, 14:05 (Western European Time)".
 */
function onCompanyClock(iso: string, language: Language, timeZone: string): string {
  const zone =
    new Intl.DateTimeFormat(LOCALES[language], { timeZone, timeZoneName: 'longGeneric' })
      .formatToParts(new Date(iso))
      .find((part) => part.type === 'timeZoneName')?.value ?? timeZone;
  return `${formatDateTime(iso, language, timeZone)} (${zone})`;
}

/** 409: a colleague's reply (at `at`) came after the replies the writer saw. */
const colleagueReplied = (at: string, language: Language, timeZone: string) =>
  new ConflictError('apiErrors.colleagueReplied', {
    seen_replies: 'apiErrors.colleagueReplied',
  }).with({ time: onCompanyClock(at, language, timeZone) });

/** What the handling of enquiries needs of the mail service. */
export type EnquiryThreadMail = Pick<
  ThreadMail,
  'queueReply' | 'queueAssigned' | 'replyTemplate'
> & {
  enabled: boolean;
  nudgeAfter(trx: Knex.Transaction): Promise<unknown>;
};

/**
 * Enquiries answered and handled from the admin: the thread (the enquiry,
 * its auto-reply, replies with their delivery state, notes), replies sent
 * through the outbox in the enquiry's thread (marking it replied), internal
 * notes, and who owns it (the new owner is e-mailed). Each change is
 * recorded in the audit log, never with its text.
 */
export function createEnquiryThreadService({
  db,
  mail,
  audit = NO_AUDIT,
  clock = systemClock,
  timeZone = async () => 'UTC',
}: {
  db: Db;
  mail: EnquiryThreadMail;
  audit?: AuditRecorder;
  clock?: Clock;
  /** The company's time zone (the settings' `reply_time_zone`): a refusal names times on its clock. */
  timeZone?: () => Promise<string>;
}) {
  const contacts = createContactsRepo(db);
  const thread = createContactThreadRepo(db);

  async function find(id: number, q: Knex = db): Promise<Contact> {
    const contact = await contacts.findById(id, q);
    if (!contact) throw notFound();
    return contact;
  }

  async function detail(id: number): Promise<ContactDetail> {
    const contact = await find(id);
    const [auto, written, earlier] = await Promise.all([
      thread.autoReply(id),
      thread.entries(id),
      earlierEnquiries(db, contact),
    ]);
    const enquiry: ThreadEntry = {
      kind: 'enquiry',
      at: contact.created_at,
      by: null,
      by_name: null,
      text: contact.message,
    };
    const later = [...(auto ? [auto] : []), ...written].sort(
      (a, b) => Date.parse(a.at) - Date.parse(b.at),
    );
    return { ...contact, thread: [enquiry, ...later], earlier };
  }

  /**
   * The acting colleague as the reply's sender: their display name signs it
   * and names the Reply-To (their account's e-mail, if any).
   */
  async function senderOf(actor: Actor, q: Knex = db): Promise<Sender> {
    const account = await thread.account(actor.id, q);
    return {
      username: actor.username,
      name: account?.name ?? null,
      email: account?.email ?? null,
    };
  }

  const record = (who: Who, action: AuditAction, id: number, summary?: string) =>
    audit.record(who, { action, target_type: 'contact', target_id: id, summary });

  return {
    detail,

    /**
     * The greeting, signature (signed with the colleague's display name,
     * else their username) and quote line a reply by `actor` starts from,
     * in the enquiry's language.
     */
    async templateFor(id: number, actor: Actor): Promise<ReplyTemplate> {
      const [contact, sender] = await Promise.all([find(id), senderOf(actor)]);
      return mail.replyTemplate(contact, displayNameOf(sender));
    },

    /**
     * Sends the visitor a reply (201): queued with its thread entry, and the
     * enquiry marked replied (the first time counts) and read, in one
     * transaction. 503 while e-mail is off; 409 for an enquiry in the spam
     * folder, and, when the writer says how many replies they saw
     * (`seen_replies`), for a colleague's reply that came after those (its
     * time in `language`, on the company's clock). The enquiry is locked
     * first, so a move to spam, a deletion or another reply at the same
     * moment comes wholly before or after this one.
     */
    async reply(
      id: number,
      input: unknown,
      who: Who,
      { language = 'en' }: { language?: Language } = {},
    ): Promise<ContactDetail> {
      const actor = accountOf(who);
      const { message, seen_replies: seen } = parseInput(ReplySchema, input ?? {});
      if (!mail.enabled) throw new ServiceUnavailableError('apiErrors.mailOff');
      const sender = await senderOf(actor);
      const zone = seen === undefined ? 'UTC' : await timeZone();
      await db.transaction(async (trx) => {
        if (!(await contacts.lock(trx, id))) throw notFound();
        const contact = await find(id, trx);
        if (contact.spam) throw new ConflictError('apiErrors.replyToSpam');
        // The editor's starting text alone: a visitor would get a greeting and a signature.
        if (saysNothing(message, await mail.replyTemplate(contact, displayNameOf(sender)))) {
          throw new BadRequestError('validation.reply.nothingWritten', {
            message: 'validation.reply.nothingWritten',
          });
        }
        if (seen !== undefined) {
          const newer = (await thread.replies(trx, id)).slice(seen);
          const colleague = newer.filter((r) => r.userId !== actor.id).at(-1);
          if (colleague) throw colleagueReplied(colleague.at, language, zone);
        }
        const at = clock().toISOString();
        const outboxId = await mail.queueReply(trx, contact, message, sender);
        await thread.insert(trx, {
          contact_id: id,
          kind: 'reply',
          user_id: actor.id,
          author: actor.username,
          text: message,
          outbox_id: outboxId,
          created_at: at,
        });
        await contacts.update(id, { replied_at: contact.replied_at ?? at, read: true }, trx);
        void mail.nudgeAfter(trx);
      });
      await record(who, 'contact.reply_sent', id);
      return detail(id);
    },

    /** Adds an internal note (201), never e-mailed to anyone. */
    async note(id: number, input: unknown, who: Who): Promise<ContactDetail> {
      const actor = accountOf(who);
      const { text } = parseInput(NoteSchema, input ?? {});
      await db.transaction(async (trx) => {
        await find(id, trx);
        await thread.insert(trx, {
          contact_id: id,
          kind: 'note',
          user_id: actor.id,
          author: actor.username,
          text,
          outbox_id: null,
          created_at: clock().toISOString(),
        });
      });
      await record(who, 'contact.note_added', id);
      return detail(id);
    },

    /**
     * Gives the enquiry to a colleague of the staff list (an active staff
     * account; 400 otherwise) or to nobody (`null`). A new owner other than
     * the actor is e-mailed, when their account has an address, in their
     * account's language. The owner is read, and the notice queued, in the
     * transaction that gives the enquiry, the owner's row locked: a change
     * of their role, their deactivation or deletion at the same moment
     * comes wholly before (refused here, nothing sent) or after (it gives
     * the enquiry back, staff.service.ts).
     */
    async assign(id: number, input: unknown, who: Who): Promise<ContactDetail> {
      const actor = accountOf(who);
      const { user_id: userId } = parseInput(AssigneeSchema, input ?? {});
      const { owner, changed } = await db.transaction(async (trx) => {
        const owner = userId === null ? null : await thread.account(userId, trx, { lock: true });
        if (userId !== null && !canOwnEnquiries(owner))
          throw new BadRequestError('validation.assignee.invalid', {
            user_id: 'validation.assignee.invalid',
          });
        const contact = await find(id, trx);
        if ((contact.assignee?.id ?? null) === userId) return { owner, changed: false };
        await contacts.update(id, { assignee_id: userId }, trx);
        if (owner && owner.id !== actor.id && owner.email) {
          // The notice names the one who gave it as replies do.
          const by = displayNameOf(await senderOf(actor, trx));
          const notify = { address: owner.email, language: owner.language, account: owner.id };
          if (await mail.queueAssigned(trx, contact, notify, by)) void mail.nudgeAfter(trx);
        }
        return { owner, changed: true };
      });
      if (changed)
        await record(who, owner ? 'contact.assigned' : 'contact.unassigned', id, owner?.username);
      return detail(id);
    },

    /**
     * The enquiries `userId` owned go back to nobody, in the transaction
     * `q` that changes the account: it no longer handles enquiries
     * (another role, deactivated) or is being deleted. Answers each one,
     * by id and whether it was open; the account's change records them.
     */
    releaseAll: (userId: number, q: Knex = db) => contacts.releaseOwner(userId, q),

    /** How many open enquiries each account owns (the Users page's questions). */
    openByOwner: () => contacts.openByOwner(),

    /** The enquiry and its notes, for a reply drafted by the language model. */
    async draftContext(id: number) {
      const contact = await find(id);
      return { contact, notes: await thread.notes(id) };
    },
  };
}

export type EnquiryThreadService = ReturnType<typeof createEnquiryThreadService>;
