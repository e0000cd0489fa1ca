import { rmSync } from 'node:fs';
import path from 'node:path';
import sqlite3 from 'sqlite3';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestDb } from '../../tests/support/test-app';
import { SQLITE_POOL } from './knex';

let store: Awaited<ReturnType<typeof createTestDb>>;
beforeAll(async () => {
  store = await createTestDb();
  await store.db.schema.createTable('kept', (t) => {
    t.increments('id');
    t.string('name').notNullable();
  });
});
afterAll(() => store.destroy());

describe('the embedded database through knex', () => {
  it("runs knex's queries on statements kept per connection: compiled once, not once a query", async () => {
    const prepare = vi.spyOn(sqlite3.Database.prototype, 'prepare');
    try {
      const ids: number[] = [];
      for (let i = 0; i < 25; i++) {
        const [id] = await store.db('kept').insert({ name: `n${i}` });
        ids.push(id as number);
        expect(await store.db('kept').where({ id }).first()).toEqual({ id, name: `n${i}` });
      }
      // Each insert answered with its own id (what `run` reported for that use).
      expect(new Set(ids).size).toBe(25);
      const compiles = (sql: RegExp) =>
        prepare.mock.calls.filter(([text]) => sql.test(String(text))).length;
      // Once per connection at most (as many as the pool has), against 25 uses each.
      expect(compiles(/^insert into `kept`/)).toBeGreaterThan(0);
      expect(compiles(/^insert into `kept`/)).toBeLessThanOrEqual(SQLITE_POOL.max);
      expect(compiles(/^select \* from `kept`/)).toBeLessThanOrEqual(SQLITE_POOL.max);
    } finally {
      prepare.mockRestore();
    }
  });

  it('answers a failing query with its error, every time, and goes on', async () => {
    for (let i = 0; i < 3; i++) {
      await expect(store.db('kept').insert({ name: null })).rejects.toMatchObject({
        code: 'SQLITE_CONSTRAINT',
      });
    }
    expect(await store.db('kept').count({ n: '*' }).first()).toEqual({ n: 25 });
  });

  it('refuses the transaction form whose end it cannot follow', () => {
    expect(() => store.db.transaction()).toThrow(/db\.transaction\(handler/);
  });
});

describe('closing the embedded database', () => {
  it('waits for a write under way to finish, keeps it, and then closes', async () => {
    const own = await createTestDb();
    await own.db.schema.createTable('late', (t) => t.string('name'));
    let started!: () => void;
    const inside = new Promise<void>((resolve) => (started = resolve));
    // A write still running when the app is asked to stop (a sign-in's last update).
    const write = own.db.transaction(async (trx) => {
      started();
      await new Promise((r) => setTimeout(r, 200));
      await trx('late').insert({ name: 'kept' });
    });
    await inside;
    const closed = own.db.destroy();
    const within = (ms: number) =>
      new Promise((_, reject) =>
        setTimeout(() => reject(new Error(`still open after ${ms} ms`)), ms),
      );
    await Promise.race([Promise.all([write, closed]), within(5_000)]);
    const file = path.join(own.dataDir, 'site.db');
    const reopened = new sqlite3.Database(file, sqlite3.OPEN_READONLY);
    const rows = await new Promise<unknown[]>((resolve, reject) =>
      reopened.all('select name from late', (error, r) => (error ? reject(error) : resolve(r))),
    );
    reopened.close();
    expect(rows).toEqual([{ name: 'kept' }]);
    rmSync(own.dataDir, { recursive: true, force: true });
  });
});
