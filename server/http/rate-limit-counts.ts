import type { GroupCommit } from '../db/group-commit';
import type { Db } from '../db/knex';
import type { Clock } from '../clock';

/** A live counter: hits in the window, and when the window ends (ms since the epoch). */
export type Count = { hits: number; resetAt: number };

/** Counters held at most (all limits together): a few MB, far above a normal day's visitors. */
export const MAX_LOCAL_COUNTS = 50_000;

export type LocalCounts = ReturnType<typeof createLocalCounts>;

/**
 * Every live rate-limit counter, held in this process beside the
 * `rate_limits` table, for a database that this process alone writes (the
 * embedded SQLite: one server owns its file). The stores then answer a hit
 * from memory at once and write the new count behind it, instead of making
 * every request wait for a commit (decision 018).
 *
 * Memory knows every counter once the table's live rows are loaded (on first
 * use). A counter it may not know is asked of the database: before the load
 * is done, when the table held more live rows than fit, and after memory
 * overflowed and was emptied; in the last two cases until the longest window
 * has passed, since by then every counter written before has ended. Keys are
 * the stores' hashes, which include each limit's prefix, so all limits share
 * one map.
 */
export function createLocalCounts(
  db: Db,
  writes: GroupCommit,
  options: { max?: number; clock?: Clock } = {},
) {
  const max = options.max ?? MAX_LOCAL_COUNTS;
  const given = options.clock;
  /** Milliseconds, from the given clock (tests) or Date.now. */
  const clock = given ? () => given().getTime() : Date.now;
  const counts = new Map<string, Count>();
  /** Keys whose count is not committed yet, by writes pending; memory never drops them (see `set`). */
  const unwritten = new Map<string, number>();
  /** Per key, the count of its write that is queued and has not begun. */
  const queued = new Map<string, Count>();
  let longestWindow = 0;
  /** From when memory knows every live counter (never, until loaded). */
  let completeFrom = Number.POSITIVE_INFINITY;
  let loading: Promise<void> | undefined;

  async function load(): Promise<void> {
    const now = clock();
    try {
      const rows = (await db('rate_limits')
        .where('reset_at', '>', now)
        .select('key', 'hits', 'reset_at')
        .limit(max + 1)) as { key: string; hits: unknown; reset_at: unknown }[];
      if (rows.length > max) {
        completeFrom = now + longestWindow;
        return;
      }
      for (const row of rows) {
        const known = counts.get(row.key);
        // A hit counted meanwhile (asked of the database) already holds the newer figure.
        if (!known) counts.set(row.key, { hits: Number(row.hits), resetAt: Number(row.reset_at) });
      }
      completeFrom = now;
    } catch {
      // Unreadable now: ask the database about unknown keys until any counter it holds has ended.
      completeFrom = now + longestWindow;
    }
  }

  /** Drops the counters whose window has ended. */
  function sweep(now: number): void {
    for (const [key, count] of counts) if (count.resetAt <= now) counts.delete(key);
  }

  return {
    /** A limit's window, so memory knows how long a counter it dropped can live on. */
    addWindow(ms: number): void {
      longestWindow = Math.max(longestWindow, ms);
    },

    /** Resolves once the table's live counters are loaded (the first call loads them). */
    ready(): Promise<void> {
      return (loading ??= load());
    },

    /** The live counter of `key`, if memory holds one (an ended one is dropped). */
    live(key: string, now: number): Count | undefined {
      const count = counts.get(key);
      if (count && count.resetAt <= now) {
        counts.delete(key);
        return undefined;
      }
      return count;
    },

    /** True when a key memory does not hold has no live counter. */
    knowsAll(now: number): boolean {
      return now >= completeFrom;
    },

    /**
     * Holds `count` for `key`. When memory is full, ended counters go, or
     * else every one whose count is committed: a key memory does not hold is
     * then asked of the database, which must already have its last count.
     */
    set(key: string, count: Count): void {
      if (!counts.has(key) && counts.size >= max) {
        const now = clock();
        sweep(now);
        if (counts.size >= max) {
          for (const held of counts.keys()) if (!unwritten.has(held)) counts.delete(held);
          completeFrom = Math.max(completeFrom, now + longestWindow);
        }
      }
      counts.set(key, count);
    },

    /**
     * Stores `count` as it is now, in the group commit's next batch, without
     * waiting for it (the shutdown waits: `GroupCommit.settled`).
     */
    writeBehind(key: string, { hits, resetAt }: Count): void {
      // The writes of a batch run side by side, so one key gets at most one
      // write a batch: a change while its write waits goes into that write.
      const waiting = queued.get(key);
      if (waiting) {
        Object.assign(waiting, { hits, resetAt });
        return;
      }
      const values = { hits, resetAt };
      queued.set(key, values);
      unwritten.set(key, (unwritten.get(key) ?? 0) + 1);
      let taken: Count | undefined;
      void writes
        .run((trx) => {
          // Taken when its batch runs (the same again if the batch runs it twice).
          if (!taken) {
            taken = { ...values };
            queued.delete(key);
          }
          return trx.raw(
            `insert into rate_limits (key, hits, reset_at) values (?, ?, ?)
             on conflict (key) do update set hits = excluded.hits, reset_at = excluded.reset_at`,
            [key, taken.hits, taken.resetAt],
          );
        })
        // A count that did not reach the disk costs at most a few hits after a restart.
        .catch(() => undefined)
        .finally(() => {
          if (queued.get(key) === values) queued.delete(key);
          const left = (unwritten.get(key) ?? 1) - 1;
          if (left > 0) unwritten.set(key, left);
          else unwritten.delete(key);
        });
    },

    delete(key: string): void {
      counts.delete(key);
    },

    sweep,

    get size(): number {
      return counts.size;
    },
  };
}
