import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDb } from '../../tests/support/test-app';
import { createGroupCommit, transactionPerWrite, type GroupCommit } from './group-commit';

let store: Awaited<ReturnType<typeof createTestDb>>;
beforeAll(async () => {
  store = await createTestDb();
  await store.db.schema.createTable('notes', (t) => {
    t.increments('id');
    t.string('text').notNullable();
  });
});
afterAll(() => store.destroy());

describe('group commit on SQLite', () => {
  it('commits a burst of writes in a few transactions, answering each only after its commit', async () => {
    const writes = createGroupCommit(store.db);
    const commits: string[] = [];
    const onQuery = (q: { sql: string }) => {
      if (/^commit/i.test(q.sql)) commits.push(q.sql);
    };
    store.db.on('query', onQuery);
    const ids = await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        writes.run(async (trx) => {
          const [row] = await trx('notes')
            .insert({ text: `note ${i}` })
            .returning('id');
          return Number(typeof row === 'object' ? row.id : row);
        }),
      ),
    );
    store.db.off('query', onQuery);
    expect(new Set(ids).size).toBe(40);
    expect(Number((await store.db('notes').count({ n: '*' }).first())?.n)).toBe(40);
    expect(commits.length).toBeGreaterThanOrEqual(1);
    expect(commits.length).toBeLessThan(40);
  });

  it('runs a batch without a failure side by side in one transaction, with no savepoints', async () => {
    const writes = createGroupCommit(store.db);
    const statements: string[] = [];
    const onQuery = (q: { sql: string }) => statements.push(q.sql.toLowerCase());
    store.db.on('query', onQuery);
    const texts = Array.from({ length: 12 }, (_, i) => `side by side ${i}`);
    await Promise.all(texts.map((text) => writes.run((trx) => trx('notes').insert({ text }))));
    store.db.off('query', onQuery);
    expect(statements.filter((sql) => sql.startsWith('savepoint'))).toEqual([]);
    expect(statements.filter((sql) => sql.startsWith('commit')).length).toBeLessThanOrEqual(2);
    const stored = await store.db('notes').whereIn('text', texts).pluck('text');
    expect(stored.sort()).toEqual([...texts].sort());
  });

  it('rolls back only the write that failed; the others of its batch are stored', async () => {
    const writes = createGroupCommit(store.db);
    await store.db('notes').delete();
    const results = await Promise.allSettled([
      writes.run((trx) => trx('notes').insert({ text: 'first' })),
      writes.run(async (trx) => {
        await trx('notes').insert({ text: 'doomed' });
        throw new Error('this write fails');
      }),
      writes.run((trx) => trx('notes').insert({ text: 'third' })),
    ]);
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    expect((await store.db('notes').orderBy('id').pluck('text')).sort()).toEqual([
      'first',
      'third',
    ]);
  });
});

describe('settled', () => {
  it.each([
    ['the group commit', (db: typeof store.db) => createGroupCommit(db)],
    ['a transaction per write', (db: typeof store.db) => transactionPerWrite(db)],
  ] as [string, (db: typeof store.db) => GroupCommit][])(
    'resolves once every write handed to %s is committed, the failed ones too',
    async (_name, make) => {
      const writes = make(store.db);
      const before = Number((await store.db('notes').count({ n: '*' }).first())?.n);
      // Handed in and not awaited, as writes answered before their commit are.
      for (let i = 0; i < 25; i++)
        void writes.run((trx) => trx('notes').insert({ text: `later ${i}` }));
      void writes.run((trx) => trx('no_such_table').insert({ text: 'x' })).catch(() => undefined);
      await writes.settled();
      expect(Number((await store.db('notes').count({ n: '*' }).first())?.n)).toBe(before + 25);
      await writes.settled();
    },
  );
});
