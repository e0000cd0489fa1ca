import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestDb } from '../../tests/support/test-app';
import { dbFault } from './db-errors';
import { createDb, type Db } from './knex';
import { createWriteQueue } from './sqlite-client';

let store: Awaited<ReturnType<typeof createTestDb>>;
beforeAll(async () => {
  store = await createTestDb();
  await store.db.schema.createTable('counters', (t) => {
    t.string('key').primary();
    t.integer('value').notNullable();
  });
});
afterAll(() => store.destroy());
beforeEach(async () => {
  await store.db('counters').delete();
  await store.db('counters').insert({ key: 'saves', value: 0 });
});

/** A save as the services write one: read inside the transaction, then write what was read. */
const readThenWrite = (db: Db) =>
  db.transaction(async (trx) => {
    const row = await trx('counters').where({ key: 'saves' }).first();
    await new Promise((resolve) => setTimeout(resolve, 2));
    await trx('counters')
      .where({ key: 'saves' })
      .update({ value: Number(row.value) + 1 });
  });

const saves = async (db: Db) =>
  Number((await db('counters').where({ key: 'saves' }).first()).value);

const gate = () => {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => (open = resolve));
  return { open, opened };
};

describe('write transactions on SQLite', () => {
  it('commits every one of a burst of concurrent read-then-write transactions (none answers SQLITE_BUSY)', async () => {
    const results = await Promise.allSettled(
      Array.from({ length: 24 }, () => readThenWrite(store.db)),
    );
    const failures = results.filter((r) => r.status === 'rejected');
    expect(failures.map((r) => String(r.reason?.code ?? r.reason))).toEqual([]);
    // Each saw the one before it: no update was lost.
    expect(await saves(store.db)).toBe(24);
  });

  it('waits for another process holding the write lock instead of failing', async () => {
    // A second knex on the same file stands for another process (the admin CLI, a backup).
    const other = createDb({ dataDir: store.dataDir, databaseUrl: undefined });
    try {
      const held = gate();
      const release = gate();
      const otherWrite = other.transaction(async (trx) => {
        await trx('counters').where({ key: 'saves' }).increment('value', 100);
        held.open();
        await release.opened;
      });
      await held.opened;
      const ours = readThenWrite(store.db);
      setTimeout(release.open, 300);
      await Promise.all([otherWrite, ours]);
      expect(await saves(store.db)).toBe(101);
    } finally {
      await other.destroy();
    }
  });

  it('lets reads go on while a write transaction holds the lock and others wait their turn', async () => {
    const held = gate();
    const release = gate();
    const write = store.db.transaction(async (trx) => {
      await trx('counters').where({ key: 'saves' }).update({ value: 7 });
      held.open();
      await release.opened;
    });
    await held.opened;
    // More writers than the pool has connections: waiting, they must not take the readers' ones.
    const queued = Array.from({ length: 6 }, () => readThenWrite(store.db));
    const readOnly = store.db.transaction(
      async (trx) => Number((await trx('counters').where({ key: 'saves' }).first()).value),
      { readOnly: true },
    );
    // Reads at once, answered from the last commit while the write is still open.
    expect(await Promise.all([saves(store.db), saves(store.db), readOnly])).toEqual([0, 0, 0]);
    release.open();
    await Promise.all([write, ...queued]);
    expect(await saves(store.db)).toBe(13);
  });

  it('rolls back and replaces the connection of a transaction whose COMMIT failed: all write again', async () => {
    type Raw = {
      prepare(sql: string): { get(cb: (e: Error | null) => void): void; finalize(): void };
    };
    let stray: ReturnType<Raw['prepare']> | undefined;
    let conn: Raw | undefined;
    const failed = store.db.transaction(async (trx) => {
      await trx('counters').where({ key: 'saves' }).increment('value', 1);
      // A write statement left in the middle makes the COMMIT fail (SQLITE_BUSY), as one that
      // had met another process's lock did: SQLite then keeps the transaction open.
      conn = (await trx.client.acquireConnection()) as Raw;
      stray = conn.prepare("insert into counters values ('x', 1), ('y', 2) returning key");
      await new Promise<void>((resolve, reject) => stray!.get((e) => (e ? reject(e) : resolve())));
    });
    await expect(failed).rejects.toMatchObject({
      code: 'SQLITE_BUSY',
      message: expect.stringMatching(/statements in progress/),
    });
    stray!.finalize();
    // Before, that connection stayed inside its transaction holding the write lock: its next
    // BEGIN failed, and every other connection's write waited out the busy timeout and failed.
    // Now it is rolled back, and replaced by a new connection.
    await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        store.db.transaction((trx) => trx('counters').insert({ key: `after ${i}`, value: i })),
      ),
    );
    await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        store.db('counters').insert({ key: `alone ${i}`, value: i }),
      ),
    );
    expect(await saves(store.db)).toBe(0);
    expect(await store.db('counters').count({ n: '*' }).first()).toEqual({ n: 17 });
    const pool = (store.db.client as unknown as { pool: { free: { resource: unknown }[] } }).pool;
    expect(pool.free.length).toBeGreaterThan(0);
    expect(pool.free.map((free) => free.resource)).not.toContain(conn);
  });
});

describe('the write queue', () => {
  it('gives turns in order of arrival, one at a time', async () => {
    const inTurn = createWriteQueue(1000);
    const log: string[] = [];
    const task = (name: string) =>
      inTurn(async () => {
        log.push(`${name} starts`);
        await new Promise((resolve) => setTimeout(resolve, 5));
        log.push(`${name} ends`);
      });
    await Promise.all([task('a'), task('b'), task('c')]);
    expect(log).toEqual(['a starts', 'a ends', 'b starts', 'b ends', 'c starts', 'c ends']);
  });

  it('answers busy (503) when the turn does not come within the busy timeout, and goes on after', async () => {
    const inTurn = createWriteQueue(50);
    const release = gate();
    const first = inTurn(() => release.opened);
    const error = await inTurn(async () => 'never').catch((e: unknown) => e);
    expect(dbFault(error)).toBe('busy');
    release.open();
    await first;
    expect(await inTurn(async () => 'next')).toBe('next');
  });
});
