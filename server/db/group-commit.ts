import type { Knex } from 'knex';
import { isEmbedded, type Db } from './knex';

type Work<T> = (trx: Knex.Transaction) => Promise<T>;
type Job = {
  work: Work<unknown>;
  resolve: (value: unknown) => void;
  reject: (error: unknown) => void;
};

const MAX_BATCH = 64;

export type GroupCommit = {
  /**
   * Runs `work` in a transaction; resolves only once it is committed (durably,
   * on SQLite). `work` may run twice (with its batch, then alone when another
   * write of the batch failed), so it does nothing but database work on `trx`.
   */
  run<T>(work: Work<T>): Promise<T>;
  /** Resolves once every write handed in so far is committed or has failed (before closing the store). */
  settled(): Promise<void>;
};

/** Each write in a transaction of its own, committed alone: PostgreSQL's way, and the default. */
export function transactionPerWrite(db: Db): GroupCommit {
  const running = new Set<Promise<unknown>>();
  return {
    run(work) {
      const written = db.transaction(work);
      const done = written.catch(() => undefined).finally(() => running.delete(done));
      running.add(done);
      return written;
    },
    settled: async () => {
      await Promise.all(running);
    },
  };
}

/**
 * Group commit for the embedded database. SQLite has one writer, and with
 * `synchronous=FULL` every commit waits for the disk; writes that arrive while
 * a commit is in flight are gathered and committed together. The writes of a
 * batch run side by side in one transaction, so the connection never waits
 * for this thread between two statements; when one of them fails, the batch
 * is rolled back and run again one write at a time, each in a savepoint of
 * its own, so the failing write rolls back only itself. Nobody is
 * answered before the commit holding their write is on disk, so an
 * acknowledged enquiry survives a power cut, and a burst of enquiries pays for
 * a few disk flushes instead of one each. PostgreSQL runs each write in its
 * own transaction as usual.
 */
export function createGroupCommit(db: Db): GroupCommit {
  if (!isEmbedded(db)) {
    return transactionPerWrite(db);
  }
  const queue: Job[] = [];
  let flushing: Promise<void> | undefined;

  /**
   * Every write of the batch in one transaction, their statements queued side
   * by side: the values, or null when any write failed (then nothing of the
   * batch is kept, and each is tried again alone).
   */
  async function together(batch: Job[]): Promise<unknown[] | null> {
    try {
      return await db.transaction(async (trx) => {
        const settled = await Promise.allSettled(batch.map((job) => job.work(trx)));
        if (settled.some((s) => s.status === 'rejected')) throw new Error('a write failed');
        return settled.map((s) => (s as PromiseFulfilledResult<unknown>).value);
      });
    } catch {
      return null;
    }
  }

  /** Each write of the batch in a savepoint of its own: one failing rolls back only itself. */
  async function oneByOne(batch: Job[]): Promise<void> {
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
      return;
    }
    batch.forEach((job, i) => {
      const outcome = outcomes[i]!;
      if (outcome.ok) job.resolve(outcome.value);
      else job.reject(outcome.error);
    });
  }

  async function flush(): Promise<void> {
    while (queue.length > 0) {
      const batch = queue.splice(0, MAX_BATCH);
      if (batch.length === 1) {
        const [job] = batch as [Job];
        await db.transaction(job.work).then(job.resolve, job.reject);
        continue;
      }
      const values = await together(batch);
      if (values) batch.forEach((job, i) => job.resolve(values[i]));
      else await oneByOne(batch);
    }
    flushing = undefined;
  }

  return {
    run<T>(work: Work<T>): Promise<T> {
      return new Promise<T>((resolve, reject) => {
        queue.push({ work, resolve: resolve as (value: unknown) => void, reject });
        flushing ??= flush();
      });
    },
    async settled() {
      while (flushing) await flushing;
    },
  };
}
