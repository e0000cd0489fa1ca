import type { Knex } from 'knex';
import type { Db } from '../../db/knex';
import { claimJob } from '../../db/job-claim';
import { NOBODY } from '../../http/who';
import type { Logger } from '../../logger';
import { NO_AUDIT, type AuditRecorder } from '../../audit-recorder';
import { createContactsRepo } from './contacts.repo';
import type { EnquiryMail } from './contacts.service';
import { systemClock, type Clock } from '../../clock';

const DAY_MS = 24 * 60 * 60 * 1000;
const JOB_KEY = 'enquiry-retention-run';

/** What one run deleted. */
export type RetentionRun = { enquiries: number; spam: number };

/**
 * Deletes, at start and then once a day: spam older than the
 * `spam_retention_days` setting, and with ENQUIRY_RETENTION_DAYS (`days`)
 * every enquiry older than that. Their e-mail goes with them, except, as
 * when one is deleted by hand, a reply to the visitor not sent yet: the
 * admin was told it was sent, so it stays in the outbox and goes out
 * (decision 008). Each in short batches (server/db/batched-delete.ts), so the
 * enquiries coming in meanwhile never wait long; each deletion is in the
 * audit log. Of several instances on one database, one runs it at a time;
 * a run within the last hour counts for everybody.
 */
export function createRetentionJob(deps: {
  db: Db;
  /** ENQUIRY_RETENTION_DAYS, when set. */
  days?: number;
  /** The `spam_retention_days` setting as it is now. */
  spamDays: () => Promise<number>;
  /** The mail service: unsent replies are untied from each batch before it goes. */
  mail: Pick<EnquiryMail, 'keepUnsentReplies'>;
  logger: Logger;
  audit?: AuditRecorder;
  clock?: Clock;
  intervalMs?: number;
}) {
  const { db, days, mail, logger, audit = NO_AUDIT } = deps;
  const clock = deps.clock ?? systemClock;
  const repo = createContactsRepo(db);
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<RetentionRun> | null = null;
  const before = (now: Date, d: number) => new Date(now.getTime() - d * DAY_MS).toISOString();
  const beforeDelete = (trx: Knex.Transaction, ids: number[]) => mail.keepUnsentReplies(trx, ids);

  async function runOnce(): Promise<RetentionRun> {
    const now = clock();
    if (!(await claimJob(db, JOB_KEY, 60 * 60 * 1000, now))) return { enquiries: 0, spam: 0 };
    const spamDays = await deps.spamDays();
    const spam = await repo.removeOlderThan(before(now, spamDays), {
      spamOnly: true,
      beforeDelete,
    });
    if (spam > 0) {
      logger.info({ removed: spam, days: spamDays }, 'old spam deleted (spam_retention_days)');
      await audit.record(NOBODY, {
        action: 'contact.purged',
        summary: `spam: ${spam}, older than ${spamDays} days`,
      });
    }
    const enquiries = days ? await repo.removeOlderThan(before(now, days), { beforeDelete }) : 0;
    if (enquiries > 0) {
      logger.info({ removed: enquiries, days }, 'old enquiries deleted (ENQUIRY_RETENTION_DAYS)');
      await audit.record(NOBODY, {
        action: 'contact.purged',
        summary: `enquiries: ${enquiries}, older than ${days} days`,
      });
    }
    return { enquiries, spam };
  }

  const run = () => {
    running = runOnce().catch((err: unknown) => {
      logger.error({ err }, 'deleting old enquiries failed; trying again tomorrow');
      return { enquiries: 0, spam: 0 };
    });
    return running;
  };

  return {
    runOnce,
    start(): void {
      void run();
      timer = setInterval(run, deps.intervalMs ?? DAY_MS);
      timer.unref();
    },
    async stop(): Promise<void> {
      clearInterval(timer);
      await running;
    },
  };
}
