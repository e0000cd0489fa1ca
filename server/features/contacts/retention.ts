import type { Db } from '../../db/knex';
import { claimJob } from '../../db/job-claim';
import type { Logger } from '../../logger';
import { createContactsRepo } from './contacts.repo';

const DAY_MS = 24 * 60 * 60 * 1000;
const JOB_KEY = 'enquiry-retention-run';

/**
 * ENQUIRY_RETENTION_DAYS: deletes enquiries older than that (their queued or
 * sent e-mail goes with them), at start and then once a day. Of several
 * instances on one database, one runs it at a time; a run within the last
 * hour counts for everybody.
 */
export function createRetentionJob(deps: {
  db: Db;
  days: number;
  logger: Logger;
  clock?: () => Date;
  intervalMs?: number;
}) {
  const { db, days, logger } = deps;
  const clock = deps.clock ?? (() => new Date());
  const repo = createContactsRepo(db);
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<number> | null = null;

  async function runOnce(): Promise<number> {
    const now = clock();
    if (!(await claimJob(db, JOB_KEY, 60 * 60 * 1000, now))) return 0;
    const removed = await repo.removeOlderThan(
      new Date(now.getTime() - days * DAY_MS).toISOString(),
    );
    if (removed > 0)
      logger.info({ removed, days }, 'old enquiries deleted (ENQUIRY_RETENTION_DAYS)');
    return removed;
  }

  const run = () => {
    running = runOnce().catch((err: unknown) => {
      logger.error({ err }, 'deleting old enquiries failed; trying again tomorrow');
      return 0;
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
