import { readdirSync, readlinkSync, statSync } from 'node:fs';
import sqlite3 from 'sqlite3';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestDb } from '../../tests/support/test-app';
import { createDb, sqliteFile } from './knex';
import {
  COPIES_PER_STATEMENT,
  createStatementCache,
  type StatementSource,
} from './statement-cache';

let store: Awaited<ReturnType<typeof createTestDb>>;
beforeAll(async () => {
  store = await createTestDb();
  await store.db.schema.createTable('notes', (t) => {
    t.increments('id');
    t.string('body').notNullable();
  });
});
afterAll(() => store.destroy());
afterEach(() => vi.restoreAllMocks());

/** Counts the statements SQLite compiles, by their SQL. */
function countCompiles() {
  const compiled: string[] = [];
  const prepare = sqlite3.Database.prototype.prepare;
  vi.spyOn(sqlite3.Database.prototype, 'prepare').mockImplementation(function (
    this: sqlite3.Database,
    ...args: Parameters<typeof prepare>
  ) {
    compiled.push(String(args[0]));
    return prepare.apply(this, args);
  });
  return compiled;
}

describe('prepared statements kept per SQLite connection', () => {
  it('compiles a query once per connection, however often it runs', async () => {
    const compiled = countCompiles();
    for (let i = 0; i < 25; i++) {
      await store.db('notes').where('body', `note ${i}`).first();
    }
    const selects = compiled.filter((sql) => sql.startsWith('select'));
    // At most once on each of the pool's connections (four), never once per query.
    expect(selects.length).toBeGreaterThan(0);
    expect(selects.length).toBeLessThanOrEqual(4);
  });

  it('answers each of many writes at once with its own id and count', async () => {
    const ids = await Promise.all(
      Array.from({ length: 40 }, (_, i) => store.db('notes').insert({ body: `burst ${i}` })),
    );
    const flat = ids.map(([id]) => Number(id));
    expect(new Set(flat).size).toBe(40);
    const rows: { id: number; body: string }[] = await store
      .db('notes')
      .whereIn('id', flat)
      .select('id', 'body');
    for (const [i, id] of flat.entries()) {
      expect(rows.find((r) => r.id === id)?.body).toBe(`burst ${i}`);
    }
    const changed = await Promise.all([
      store.db('notes').where('body', 'like', 'burst 1%').update({ body: 'tens' }),
      store.db('notes').where('body', 'burst 2').update({ body: 'two' }),
      store.db('notes').where('body', 'no such note').delete(),
    ]);
    expect(changed).toEqual([11, 1, 0]);
  });

  it('fails a statement that does not compile alone, and every time', async () => {
    for (let i = 0; i < 2; i++) {
      await expect(store.db.raw('select body from no_such_table')).rejects.toMatchObject({
        code: 'SQLITE_ERROR',
      });
    }
    expect(await store.db('notes').count({ n: '*' }).first()).toBeDefined();
  });

  it('sees a column added after its statement was kept', async () => {
    await store.db.schema.createTable('shapes', (t) => t.integer('sides'));
    await store.db('shapes').insert({ sides: 3 });
    expect(await store.db('shapes').select('*')).toEqual([{ sides: 3 }]);
    await store.db.schema.alterTable('shapes', (t) => t.string('name'));
    expect(await store.db('shapes').select('*')).toEqual([{ sides: 3, name: null }]);
    await store.db.schema.dropTable('shapes');
    await expect(store.db('shapes').select('*')).rejects.toMatchObject({ code: 'SQLITE_ERROR' });
  });

  it('holds no lock between uses: another connection checkpoints the whole log away', async () => {
    for (let i = 0; i < 10; i++) await store.db('notes').select('id').limit(3);
    const other = createDb({ dataDir: store.dataDir, databaseUrl: undefined });
    try {
      await other('notes').insert({ body: 'from elsewhere' });
      const [result] = await other.raw('PRAGMA wal_checkpoint(TRUNCATE)');
      // A statement left in the middle of a read would pin the log: busy 1, log not emptied.
      expect(result).toMatchObject({ busy: 0 });
      expect(statSync(`${sqliteFile(store.dataDir)}-wal`).size).toBe(0);
    } finally {
      await other.destroy();
    }
  });

  it('closes a connection that kept statements, leaving no file open', async () => {
    const own = await createTestDb();
    await own.db('users').select('id');
    await own.db('news').count({ n: '*' });
    await own.db.destroy();
    // SQLite refuses to close a connection with statements left (and knex would not say so).
    const open = readdirSync('/proc/self/fd').flatMap((fd) => {
      try {
        return [readlinkSync(`/proc/self/fd/${fd}`)];
      } catch {
        return [];
      }
    });
    expect(open.filter((file) => file.startsWith(own.dataDir))).toEqual([]);
    await own.destroy();
  });
});

/** `sql` run directly on a node-sqlite3 connection (not through the cache). */
const exec = (db: sqlite3.Database, sql: string) =>
  new Promise<void>((resolve, reject) => db.exec(sql, (err) => (err ? reject(err) : resolve())));

describe('createStatementCache', () => {
  it.each([
    ['run', 'insert into notes (body) values (?)'],
    ['all', 'update notes set body = ? where id > 0 returning id'],
  ] as const)(
    'resets a %s statement that failed waiting for the write lock: the connection commits again',
    async (method, sql) => {
      const file = sqliteFile(store.dataDir);
      const own = new sqlite3.Database(file);
      const other = new sqlite3.Database(file);
      const cache = createStatementCache();
      const source = own as unknown as StatementSource;
      try {
        await exec(own, 'PRAGMA busy_timeout = 50');
        await exec(other, 'BEGIN IMMEDIATE');
        await expect(cache.query(source, method, sql, ['while locked'])).rejects.toMatchObject({
          code: 'SQLITE_BUSY',
        });
        await exec(other, 'ROLLBACK');
        // Left as the failure left it, the write would still be "in progress": this COMMIT
        // failed (SQLITE_BUSY), leaving the transaction open and the write lock held.
        await exec(own, `BEGIN IMMEDIATE; insert into notes (body) values ('${method}: after')`);
        await exec(own, 'COMMIT');
        await exec(other, `insert into notes (body) values ('${method}: elsewhere')`);
        const { rows } = await cache.query(
          source,
          'all',
          'select body from notes where body like ? order by id',
          [`${method}: %`],
        );
        expect(rows).toEqual([{ body: `${method}: after` }, { body: `${method}: elsewhere` }]);
      } finally {
        await cache.release(source);
        await new Promise((resolve) => own.close(resolve));
        await new Promise((resolve) => other.close(resolve));
      }
    },
  );

  it('keeps at most its limit, finalizing the least recently used, and compiles that one again', async () => {
    const db = new sqlite3.Database(':memory:');
    const compiled = countCompiles();
    const finalized: string[] = [];
    const finalize = sqlite3.Statement.prototype.finalize;
    vi.spyOn(sqlite3.Statement.prototype, 'finalize').mockImplementation(function (
      this: sqlite3.Statement & { sql?: string },
      ...args: Parameters<typeof finalize>
    ) {
      finalized.push(String(this.sql));
      return finalize.apply(this, args);
    });
    const cache = createStatementCache(2);
    const source = db as unknown as StatementSource;
    const one = (sql: string) => cache.query(source, 'all', sql, []);

    expect((await one('select 1 as a')).rows).toEqual([{ a: 1 }]);
    await one('select 2 as b');
    await one('select 1 as a'); // now the most recently used
    await one('select 3 as c'); // the third: `select 2` goes
    expect(finalized).toEqual(['select 2 as b']);
    await one('select 1 as a');
    await one('select 2 as b');
    expect(compiled).toEqual(['select 1 as a', 'select 2 as b', 'select 3 as c', 'select 2 as b']);

    await cache.release(source);
    await new Promise<void>((resolve, reject) =>
      db.close((err) => (err ? reject(err) : resolve())),
    );
  });

  it('runs uses at the same time on copies of a statement, at most COPIES_PER_STATEMENT, each answered with its own row', async () => {
    const db = new sqlite3.Database(':memory:');
    const cache = createStatementCache();
    const source = db as unknown as StatementSource;
    await cache.query(source, 'run', 'create table t (n integer)', []);
    const compiled = countCompiles();
    const insert = 'insert into t (n) values (?)';
    const count = COPIES_PER_STATEMENT * 3;
    // As a batch of writes makes them: all at once, before any has answered.
    const all = await Promise.all(
      Array.from({ length: count }, (_, i) => cache.query(source, 'run', insert, [i + 1])),
    );
    expect(compiled.filter((sql) => sql === insert)).toHaveLength(COPIES_PER_STATEMENT);
    // Whichever ran first, each reports its own row.
    for (const [i, { context }] of all.entries()) {
      expect(context.changes).toBe(1);
      const { rows } = await cache.query(source, 'all', 'select n from t where rowid = ?', [
        context.lastID,
      ]);
      expect(rows).toEqual([{ n: i + 1 }]);
    }
    // The copies are kept: later uses, one at a time or at once, compile nothing more.
    await cache.query(source, 'run', insert, [count + 1]);
    await Promise.all([
      cache.query(source, 'run', insert, [count + 2]),
      cache.query(source, 'run', insert, [count + 3]),
    ]);
    expect(compiled.filter((sql) => sql === insert)).toHaveLength(COPIES_PER_STATEMENT);
    const { rows } = await cache.query(source, 'all', 'select count(*) as n from t', []);
    expect(rows).toEqual([{ n: count + 3 }]);
    // Every copy is finalized on release, or the connection would not close.
    await cache.release(source);
    await new Promise<void>((resolve, reject) =>
      db.close((err) => (err ? reject(err) : resolve())),
    );
  });
});
