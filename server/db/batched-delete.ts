import type { Knex } from 'knex';
import { isEmbedded, type Db } from './knex';

/** Rows deleted by the first statement; later ones grow or shrink with how long each took. */
const FIRST_BATCH = 500;
const LARGEST_BATCH = 5000;
/**
 * What one statement should take: half the 100 ms that a delete may hold
 * the write lock (SQLite's one writer, PostgreSQL's row locks), so a slower
 * moment stays under it.
 */
const AIM_MS = 50;

export type BatchedDelete = {
  /** Rows in the first statement (tests make it small). */
  firstBatch?: number;
  /** Called between statements: lets other writes take their turn. */
  pause?: () => Promise<void>;
  /** Milliseconds, to time each statement (tests pass their own). */
  now?: () => number;
  /**
   * Done with each batch's ids just before they are deleted, in the same
   * transaction, the rows locked (PostgreSQL; SQLite's write transaction
   * holds the file's lock): what must outlive the rows is untied from
   * them here, and nothing can tie itself to them again before they go.
   */
  beforeDelete?: (trx: Knex.Transaction, ids: number[]) => Promise<unknown>;
};

const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * Deletes the rows of `table` that `where` picks, a batch of ids at a time,
 * each batch its own short statement (and transaction), so a purge of a
 * year of rows never holds the write lock for long and writes in between
 * go on. A batch that took longer than AIM_MS halves the next; a quick one
 * doubles it (up to LARGEST_BATCH). With `beforeDelete`, a batch is its ids
 * read locked, that, and the delete, in one transaction. Answers how many
 * rows went.
 */
export async function deleteInBatches(
  db: Db,
  table: string,
  where: (q: Knex.QueryBuilder) => void,
  {
    firstBatch = FIRST_BATCH,
    pause = nextTurn,
    now = () => performance.now(),
    beforeDelete,
  }: BatchedDelete = {},
): Promise<number> {
  const picked = (q: Knex, size: number) => {
    const ids = q(table).select('id').limit(size);
    where(ids);
    return ids;
  };
  const deleteBatch = async (size: number): Promise<number> => {
    if (!beforeDelete) return db(table).whereIn('id', picked(db, size)).delete();
    return db.transaction(async (trx) => {
      const q = picked(trx, size);
      const rows: { id: unknown }[] = await (isEmbedded(db) ? q : q.forUpdate());
      const ids = rows.map((r) => Number(r.id));
      if (ids.length === 0) return 0;
      await beforeDelete(trx, ids);
      const deleted: number = await trx(table).whereIn('id', ids).delete();
      return deleted;
    });
  };
  let size = firstBatch;
  let removed = 0;
  for (;;) {
    const started = now();
    const n = await deleteBatch(size);
    const took = now() - started;
    removed += n;
    if (n < size) return removed;
    if (took > AIM_MS) size = Math.max(1, Math.floor(size / 2));
    else if (took < AIM_MS / 4) size = Math.min(LARGEST_BATCH, size * 2);
    await pause();
  }
}
