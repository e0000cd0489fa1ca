import { rmSync } from 'node:fs';
import type { Options } from 'express-rate-limit';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createGroupCommit, type GroupCommit } from '../db/group-commit';
import { createDb, type Db } from '../db/knex';
import { migrateLatest } from '../db/migrate';
import {
  postgresAvailable,
  postgresUnavailable,
  startPostgres,
  type TestPostgres,
} from '../../tests/support/postgres';
import { tempDataDir } from '../../tests/support/test-app';
import { createLocalCounts, type LocalCounts } from './rate-limit-counts';
import { DatabaseRateLimitStore, removeExpiredRateLimits } from './rate-limit-store';

const WINDOW = 60_000;

type Open = () => Promise<{ db: Db; close(): Promise<void> }>;

/**
 * The store's contract, on whichever database `open` gives; with `counting:
 * 'local'`, counted in memory and written behind, as on the embedded SQLite.
 */
function storeContract(open: Open, counting: 'database' | 'local' = 'database') {
  let db: Db;
  let close: () => Promise<void>;
  let now = 1_800_000_000_000;
  const clock = () => new Date(now);
  // As the app builds them: their writes join its group commit.
  let writes: GroupCommit;
  let local: LocalCounts | undefined;
  const store = (prefix: string) => {
    const s = new DatabaseRateLimitStore(db, prefix, { clock, writes, local });
    s.init({ windowMs: WINDOW } as Options);
    return s;
  };

  beforeAll(async () => {
    ({ db, close } = await open());
    writes = createGroupCommit(db);
    local = counting === 'local' ? createLocalCounts(db, writes, { clock }) : undefined;
  });
  afterAll(() => close());

  it('counts hits per key and prefix, with the window end as reset time', async () => {
    const a = store('a');
    const b = store('b');
    expect(await a.increment('k')).toEqual({ totalHits: 1, resetTime: new Date(now + WINDOW) });
    expect((await a.increment('k')).totalHits).toBe(2);
    expect((await a.increment('other')).totalHits).toBe(1);
    expect((await b.increment('k')).totalHits).toBe(1);
    expect(await a.get('k')).toEqual({ totalHits: 2, resetTime: new Date(now + WINDOW) });
  });

  it('is atomic under concurrent increments', async () => {
    const s = store('concurrent');
    const results = await Promise.all(Array.from({ length: 25 }, () => s.increment('k')));
    expect(results.map((r) => r.totalHits).sort((x, y) => x - y)).toEqual(
      Array.from({ length: 25 }, (_, i) => i + 1),
    );
  });

  it('commits the counters of requests arriving together in a few transactions', async () => {
    const s = store('burst');
    const commits: string[] = [];
    const onQuery = (q: { sql: string }) => {
      if (/^commit/i.test(q.sql)) commits.push(q.sql);
    };
    db.on('query', onQuery);
    const results = await Promise.all(
      Array.from({ length: 30 }, (_, i) => s.increment(`198.51.100.${i}`)),
    );
    await writes.settled();
    db.off('query', onQuery);
    expect(results.every((r) => r.totalHits === 1)).toBe(true);
    expect(commits.length).toBeGreaterThanOrEqual(1);
    // On SQLite they share commits; PostgreSQL commits each of its own.
    if (db.client.config.client === 'sqlite3') expect(commits.length).toBeLessThan(30);
  });

  it('starts a new window once the old one has ended', async () => {
    const s = store('window');
    await s.increment('k');
    await s.increment('k');
    now += WINDOW;
    expect(await s.increment('k')).toEqual({ totalHits: 1, resetTime: new Date(now + WINDOW) });
  });

  it('gives a hit back, never below zero, and resets a key', async () => {
    const s = store('dec');
    await s.increment('k');
    await s.increment('k');
    await s.decrement('k');
    expect((await s.get('k'))?.totalHits).toBe(1);
    await s.decrement('k');
    await s.decrement('k');
    expect((await s.get('k'))?.totalHits).toBe(0);
    await s.resetKey('k');
    expect(await s.get('k')).toBeUndefined();
  });

  it('answers a key over its limit from memory until the window ends, without writing', async () => {
    const s = new DatabaseRateLimitStore(db, 'blocked', { clock, writes, local });
    s.init({ windowMs: WINDOW, limit: 2 } as Options);
    for (let i = 1; i <= 3; i++) expect((await s.increment('flood')).totalHits).toBe(i);
    await writes.settled();
    const stored = async () => Number((await db('rate_limits').max({ h: 'hits' }).first())?.h);
    const before = await db('rate_limits').select('key', 'hits');
    expect((await s.increment('flood')).totalHits).toBe(4);
    expect((await s.increment('flood')).totalHits).toBe(5);
    await writes.settled();
    expect(await db('rate_limits').select('key', 'hits')).toEqual(before);
    expect(await stored()).toBeGreaterThanOrEqual(3);
    now += WINDOW;
    expect((await s.increment('flood')).totalHits).toBe(1);
  });

  it('keeps no address or username in clear, and sweeps expired rows', async () => {
    const s = store('privacy');
    await s.increment('203.0.113.9|ana');
    await writes.settled();
    const keys = (await db('rate_limits').pluck('key')) as string[];
    expect(keys.every((k) => /^[0-9a-f]{64}$/.test(k))).toBe(true);
    now += 2 * WINDOW;
    expect(await removeExpiredRateLimits(db, now)).toBeGreaterThan(0);
    const left = await db('rate_limits').where('reset_at', '<=', now).count({ n: '*' }).first();
    expect(Number(left?.n)).toBe(0);
  });
}

const openSqlite: Open = async () => {
  const dataDir = tempDataDir();
  const db = createDb({ dataDir, databaseUrl: undefined });
  await migrateLatest(db);
  return {
    db,
    async close() {
      await db.destroy();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
};

describe('DatabaseRateLimitStore on SQLite, counting in the database', () => {
  storeContract(openSqlite);
});

describe('DatabaseRateLimitStore on SQLite, counting in memory and writing behind', () => {
  storeContract(openSqlite, 'local');
});

/** `writes` with its commits held back until `open` is called. */
function heldBack(writes: GroupCommit): { held: GroupCommit; open: () => void } {
  let open!: () => void;
  const gate = new Promise<void>((resolve) => (open = resolve));
  const held: GroupCommit = {
    run: (work) => gate.then(() => writes.run(work)),
    settled: async () => {
      await gate;
      await writes.settled();
    },
  };
  return { held, open };
}

describe('counts in memory, written behind (the embedded SQLite)', () => {
  let db: Db;
  let close: () => Promise<void>;
  let writes: GroupCommit;
  let now = 1_800_000_000_000;
  const clock = () => new Date(now);
  const store = (prefix: string, local: LocalCounts, options: Partial<Options> = {}) => {
    const s = new DatabaseRateLimitStore(db, prefix, { clock, writes, local });
    s.init({ windowMs: WINDOW, ...options } as Options);
    return s;
  };
  const storedHits = async () =>
    (await db('rate_limits').select('hits')).map((r: { hits: unknown }) => Number(r.hits));

  beforeAll(async () => {
    ({ db, close } = await openSqlite());
    writes = createGroupCommit(db);
  });
  afterAll(() => close());
  afterEach(async () => {
    await writes.settled();
    await db('rate_limits').delete();
  });

  it('answers a hit before its count is committed, and commits it behind', async () => {
    // Commits held back: a store that waited for its commit would never answer.
    const { held, open } = heldBack(writes);
    const local = createLocalCounts(db, held, { clock });
    const s = new DatabaseRateLimitStore(db, 'behind', { clock, writes: held, local });
    s.init({ windowMs: WINDOW } as Options);
    expect((await s.increment('k')).totalHits).toBe(1);
    expect((await s.increment('k')).totalHits).toBe(2);
    expect(await storedHits()).toEqual([]);
    open();
    await held.settled();
    expect(await storedHits()).toEqual([2]);
  });

  it('goes on from the stored counts after a restart', async () => {
    const before = store('restart', createLocalCounts(db, writes, { clock }));
    for (let i = 0; i < 3; i++) await before.increment('203.0.113.1');
    await writes.settled();
    const after = store('restart', createLocalCounts(db, writes, { clock }));
    expect((await after.increment('203.0.113.1')).totalHits).toBe(4);
    expect((await after.increment('203.0.113.2')).totalHits).toBe(1);
  });

  it('asks the database about keys it cannot know, until the longest window has passed', async () => {
    const earlier = store('many', createLocalCounts(db, writes, { clock }));
    for (const key of ['a', 'a', 'b', 'c']) await earlier.increment(key);
    await writes.settled();
    // Restarted with room for fewer counters than are stored: none is loaded.
    const local = createLocalCounts(db, writes, { clock, max: 2 });
    const s = store('many', local);
    const counted = await Promise.all([s.increment('a'), s.increment('a'), s.increment('c')]);
    expect(counted.map((c) => c.totalHits)).toEqual([3, 4, 2]);
    expect(local.knowsAll(now)).toBe(false);
    expect((await s.increment('a')).totalHits).toBe(5);
    now += WINDOW;
    expect(local.knowsAll(now)).toBe(true);
    expect((await s.increment('a')).totalHits).toBe(1);
  });

  it('holds at most its bound, and still counts a key it had to drop', async () => {
    const local = createLocalCounts(db, writes, { clock, max: 2 });
    const s = store('bounded', local);
    for (const key of ['x', 'x', 'y', 'z']) {
      await s.increment(key);
      // Committed: memory may drop it (see the next test for counts that are not).
      await writes.settled();
    }
    expect(local.size).toBeLessThanOrEqual(2);
    // `x` was dropped from memory: its count comes back from the database.
    expect((await s.increment('x')).totalHits).toBe(3);
  });

  it('writes a key once a batch, with its latest count (a batch runs its writes side by side)', async () => {
    const { held, open } = heldBack(writes);
    const local = createLocalCounts(db, held, { clock });
    const s = new DatabaseRateLimitStore(db, 'latest', { clock, writes: held, local });
    s.init({ windowMs: WINDOW, limit: 5 } as Options);
    const upserts: string[] = [];
    const onQuery = (q: { sql: string }) => {
      if (/^insert into .?rate_limits/i.test(q.sql)) upserts.push(q.sql);
    };
    db.on('query', onQuery);
    for (let i = 0; i < 4; i++) await s.increment('k');
    open();
    await held.settled();
    db.off('query', onQuery);
    // One write, not four racing each other to be the last.
    expect(upserts).toHaveLength(1);
    expect(await storedHits()).toEqual([4]);
  });

  it('never drops a count that is not committed yet, so the database is never asked for a stale one', async () => {
    const { held, open } = heldBack(writes);
    const local = createLocalCounts(db, held, { clock, max: 2 });
    const s = new DatabaseRateLimitStore(db, 'unwritten', { clock, writes: held, local });
    s.init({ windowMs: WINDOW } as Options);
    for (const key of ['x', 'x', 'y', 'z']) await s.increment(key);
    // Full, but nothing is committed: `x` stays in memory, and counts on from 2.
    expect((await s.increment('x')).totalHits).toBe(3);
    open();
    await held.settled();
    const stored = await db('rate_limits').select('hits');
    expect(stored.map((r: { hits: unknown }) => Number(r.hits)).sort()).toEqual([1, 1, 3]);
  });
});

describe.skipIf(!postgresAvailable)(
  `DatabaseRateLimitStore on PostgreSQL${postgresUnavailable ? ` — skipped: ${postgresUnavailable}` : ''}`,
  () => {
    storeContract(async () => {
      const pg: TestPostgres = (await startPostgres())!;
      const db = createDb({ dataDir: tempDataDir(), databaseUrl: pg.url });
      await migrateLatest(db);
      return {
        db,
        async close() {
          await db.destroy();
          await pg.stop();
        },
      };
    });
  },
);
