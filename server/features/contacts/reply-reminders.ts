import type { Knex } from 'knex';
import type { Contact } from '#shared/contact';
import type { Language } from '#shared/languages';
import { reminderUntil } from '#shared/reply-due';
import type { Db } from '../../db/knex';
import type { Logger } from '../../logger';
import { canOwnEnquiries, createContactThreadRepo } from './contact-thread.repo';
import { createContactsRepo } from './contacts.repo';
import { createReminderClaims } from './reply-reminders.repo';
import { systemClock, type Clock } from '../../clock';

/** How often due enquiries are looked for. */
const POLL_MS = 60_000;
/** Enquiries past their due time by more than this are not reminded of any more (stale). */
const STALE_MS = 24 * 60 * 60 * 1000;
/** Enquiries read at a time in a look (a look reads on until none is left). */
const BATCH = 100;

/**
 * Whom a reminder goes to, and the language they read the team's mail in:
 * the owner's account's, or the one of the alert list they are on; null
 * when it is not known (an account that chose none, NOTIFY_EMAIL), the
 * staff's. `account`: the owner's, checked again when the reminder is sent.
 */
export type ReminderRecipient = { address: string; language: Language | null; account?: number };

/** What the reminders need of the mail service. */
export type ReminderMail = {
  enabled: boolean;
  queueReminder(
    trx: Knex.Transaction,
    contact: Contact,
    recipients: ReminderRecipient[],
  ): Promise<number>;
  alertList(language: Language): ReminderRecipient[];
  nudgeAfter(trx: Knex.Transaction): Promise<unknown>;
};

/**
 * Reminds the team of an enquiry nobody has answered two hours before its
 * reply is due: one e-mail to its owner (their account's address), or to
 * the alert list of its language when it has no owner (or the owner no
 * address). Once per enquiry, whatever the number of instances: each
 * enquiry's reminder is claimed by one conditional UPDATE in the
 * transaction that queues the e-mail, and given back when no e-mail could
 * be queued (no address to send it to), so it goes out once there is one
 * (until the enquiry is a day overdue). Such a reminder is said once in the
 * log (per process), and each look reads past it, BATCH enquiries at a
 * time, so however many wait for an address none holds back a reminder
 * that can go. Looks once a minute while e-mail is on.
 */
export function createReplyReminders(deps: {
  db: Db;
  mail: ReminderMail;
  settings?: { snapshot(): Promise<unknown> };
  logger: Logger;
  clock?: Clock;
  pollMs?: number;
}) {
  const { db, mail, logger, clock = systemClock, pollMs = POLL_MS } = deps;
  const contacts = createContactsRepo(db);
  const claims = createReminderClaims();
  const accounts = createContactThreadRepo(db);
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<number> = Promise.resolve(0);
  /** Enquiries whose reminder had nobody to go to at the last look (already in the log). */
  let waiting = new Set<number>();

  async function recipientsOf(contact: Contact): Promise<ReminderRecipient[]> {
    const owner = contact.assignee ? await accounts.account(contact.assignee.id) : null;
    if (canOwnEnquiries(owner) && owner.email)
      return [{ address: owner.email, language: owner.language, account: owner.id }];
    return mail.alertList(contact.language);
  }

  /**
   * Queues an enquiry's reminder: 'queued'; 'taken' when another instance
   * did, or it was answered meanwhile; 'nobody' when no address could be
   * queued, the reminder given back for a later look.
   */
  async function remind(contact: Contact, at: string): Promise<'queued' | 'taken' | 'nobody'> {
    const recipients = await recipientsOf(contact);
    if (recipients.length === 0) return 'nobody';
    return db.transaction(async (trx) => {
      if (!(await claims.claim(trx, contact.id, at))) return 'taken';
      if ((await mail.queueReminder(trx, contact, recipients)) === 0) {
        await claims.release(trx, contact.id, at);
        return 'nobody';
      }
      void mail.nudgeAfter(trx);
      return 'queued';
    });
  }

  /** Queues the reminders due now; answers how many enquiries were reminded of. */
  async function runOnce(): Promise<number> {
    if (!mail.enabled) return 0;
    await deps.settings?.snapshot();
    const now = clock();
    const at = now.toISOString();
    const until = reminderUntil(now).toISOString();
    const since = new Date(now.getTime() - STALE_MS).toISOString();
    const nobody = new Set<number>();
    let reminded = 0;
    let after: Contact | undefined;
    do {
      const due = await contacts.dueForReminder(until, since, BATCH, after);
      for (const contact of due) {
        const outcome = await remind(contact, at);
        if (outcome === 'queued') reminded += 1;
        if (outcome !== 'nobody') continue;
        nobody.add(contact.id);
        if (!waiting.has(contact.id)) {
          logger.warn(
            { contactId: contact.id, language: contact.language },
            "a reminder of a reply due soon has nobody to go to; it waits for an address (the owner's, NOTIFY_EMAIL or the alert list of its language)",
          );
        }
      }
      after = due.length === BATCH ? due.at(-1) : undefined;
    } while (after);
    // Those reminded of since, answered, or past the day overdue leave the set.
    waiting = nobody;
    if (reminded > 0) logger.info({ reminded }, 'reminders of replies due soon queued');
    return reminded;
  }

  const run = () => {
    running = runOnce().catch((err: unknown) => {
      logger.warn({ err }, 'reminders of replies due soon failed; trying again');
      return 0;
    });
  };

  return {
    runOnce,
    start(): void {
      if (!mail.enabled || timer) return;
      run();
      timer = setInterval(run, pollMs);
      timer.unref();
    },
    async stop(): Promise<void> {
      clearInterval(timer);
      timer = undefined;
      await running;
    },
  };
}

export type ReplyReminders = ReturnType<typeof createReplyReminders>;

/**
 * A reminder the mail worker cancelled unsent because its owner may no
 * longer read the enquiry (mail's recipient-access.ts): in the transaction
 * that cancels it, the enquiry is no longer marked reminded, so the next
 * look reminds whoever it goes to now (the alert list of its language once
 * the owner's change gave the enquiry back to nobody), not nobody at all.
 */
export function createReminderCancellations() {
  const claims = createReminderClaims();
  return {
    cancelled: (trx: Knex, contactId: number) => claims.forget(trx, contactId),
  };
}
