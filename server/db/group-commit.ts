import type { Knex } from 'knex';
import type { Db } from './knex';

type Work<T> = (trx: Knex.Transaction) => Promise<T>;
type Job = {
  work: Work<unknown>;
  resolve: (value: unknown) => void;
  reject: (error: unknown) => void;
};

const MAX_BATCH = 64;

export type GroupCommit = {
  /** Runs `work` in a transaction; resolves only once it is committed (durably, on SQLite). */
  run<T>(work: Work<T>): Promise<T>;
};

/**
 * Group commit for the embedded database. SQLite has one writer, and with
 * `synchronous=FULL` every commit waits for the disk; writes that arrive while
 * a commit is in flight are gathered and committed together, each in a
 * savepoint of its own (one failing write rolls back only itself). Nobody is
 * answered before the commit holding their write is on disk, so an
 * acknowledged enquiry survives a power cut, and a burst of enquiries pays for
 * a few disk flushes instead of one each. PostgreSQL runs each write in its
 * own transaction as usual.
 */
export function createGroupCommit(db: Db): GroupCommit {
  if (db.client.config.client !== 'sqlite3') {
    return { run: (work) => db.transaction(work) };
  }
  const queue: Job[] = [];
  let flushing = false;

  async function flush(): Promise<void> {
    flushing = true;
    while (queue.length > 0) {
      const batch = queue.splice(0, MAX_BATCH);
      const outcomes: ({ ok: true; value: unknown } | { ok: false; error: unknown })[] = [];
      try {
        await db.transaction(async (trx) => {
          for (const job of batch) {
            try {
              outcomes.push({ ok: true, value: await trx.transaction(job.work) });
            } catch (error) {
              outcomes.push({ ok: false, error });
            }
          }
        });
      } catch (error) {
        // The commit itself failed (disk full, database locked): no write of the batch is stored.
        for (const job of batch) job.reject(error);
        continue;
      }
      batch.forEach((job, i) => {
        const outcome = outcomes[i]!;
        if (outcome.ok) job.resolve(outcome.value);
        else job.reject(outcome.error);
      });
    }
    flushing = false;
  }

  return {
    run<T>(work: Work<T>): Promise<T> {
      return new Promise<T>((resolve, reject) => {
        queue.push({ work, resolve: resolve as (value: unknown) => void, reject });
        if (!flushing) void flush();
      });
    },
  };
}
