import { rmSync } from 'node:fs';
import type { Options } from 'express-rate-limit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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
import { DatabaseRateLimitStore, removeExpiredRateLimits } from './rate-limit-store';

const WINDOW = 60_000;

/** The store's contract, on whichever database `open` gives. */
function storeContract(open: () => Promise<{ db: Db; close(): Promise<void> }>) {
  let db: Db;
  let close: () => Promise<void>;
  let now = 1_800_000_000_000;
  const clock = () => now;
  // As the app builds them: their writes join its group commit.
  let writes: GroupCommit;
  const store = (prefix: string) => {
    const s = new DatabaseRateLimitStore(db, prefix, { clock, writes });
    s.init({ windowMs: WINDOW } as Options);
    return s;
  };

  beforeAll(async () => {
    ({ db, close } = await open());
    writes = createGroupCommit(db);
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
    const s = new DatabaseRateLimitStore(db, 'blocked', { clock, writes });
    s.init({ windowMs: WINDOW, limit: 2 } as Options);
    for (let i = 1; i <= 3; i++) expect((await s.increment('flood')).totalHits).toBe(i);
    const stored = async () => Number((await db('rate_limits').max({ h: 'hits' }).first())?.h);
    const before = await db('rate_limits').select('key', 'hits');
    expect((await s.increment('flood')).totalHits).toBe(4);
    expect((await s.increment('flood')).totalHits).toBe(5);
    expect(await db('rate_limits').select('key', 'hits')).toEqual(before);
    expect(await stored()).toBeGreaterThanOrEqual(3);
    now += WINDOW;
    expect((await s.increment('flood')).totalHits).toBe(1);
  });

  it('keeps no address or username in clear, and sweeps expired rows', async () => {
    const s = store('privacy');
    await s.increment('203.0.113.9|ana');
    const keys = (await db('rate_limits').pluck('key')) as string[];
    expect(keys.every((k) => /^[0-9a-f]{64}$/.test(k))).toBe(true);
    now += 2 * WINDOW;
    expect(await removeExpiredRateLimits(db, now)).toBeGreaterThan(0);
    const left = await db('rate_limits').where('reset_at', '<=', now).count({ n: '*' }).first();
    expect(Number(left?.n)).toBe(0);
  });
}

describe('DatabaseRateLimitStore on SQLite', () => {
  storeContract(async () => {
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
