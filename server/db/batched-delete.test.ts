import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDb } from '../../tests/support/test-app';
import { deleteInBatches } from './batched-delete';

let store: Awaited<ReturnType<typeof createTestDb>>;
beforeAll(async () => {
  store = await createTestDb();
});
afterAll(() => store.destroy());

describe('deleteInBatches', () => {
  it('deletes what it picks in separate short statements, letting other writes in between', async () => {
    const at = (day: number) => `2026-01-${String(day).padStart(2, '0')}T00:00:00.000Z`;
    await store
      .db('audit_log')
      .insert(
        Array.from({ length: 9 }, (_, i) => ({ at: at(i + 1), action: 'auth.login', summary: '' })),
      );
    const deletes: string[] = [];
    const watch = (q: { sql: string }) => {
      if (/^delete/i.test(q.sql)) deletes.push(q.sql);
    };
    store.db.on('query', watch);
    let between = 0;
    // Every statement takes 1 ms by this clock, whatever the machine's load.
    let ms = 0;
    try {
      const removed = await deleteInBatches(
        store.db,
        'audit_log',
        (q) => q.where('at', '<', at(8)),
        {
          firstBatch: 2,
          now: () => (ms += 0.5),
          pause: async () => {
            // Another write takes its turn between two batches.
            await store.db('audit_log').insert({ at: at(28), action: 'auth.logout', summary: '' });
            between++;
          },
        },
      );
      expect(removed).toBe(7);
    } finally {
      store.db.off('query', watch);
    }
    // 7 rows at 2, then (each quick) 4 and 8 at a time: three statements.
    expect(deletes).toHaveLength(3);
    expect(between).toBe(2);
    const left = await store.db('audit_log').orderBy('at').pluck('at');
    expect(left.map(String)).toEqual([at(8), at(9), at(28), at(28)]);
  });

  it('halves the next batch after a statement slower than 50 ms', async () => {
    await store.db('audit_log').del();
    const at = (day: number) => `2026-02-${String(day).padStart(2, '0')}T00:00:00.000Z`;
    await store
      .db('audit_log')
      .insert(
        Array.from({ length: 7 }, (_, i) => ({ at: at(i + 1), action: 'auth.login', summary: '' })),
      );
    const sizes: number[] = [];
    const watch = (q: { bindings?: unknown[] }) => {
      const limit = q.bindings?.at(-1);
      if (typeof limit === 'number') sizes.push(limit);
    };
    store.db.on('query', watch);
    // Every statement takes 60 ms by this clock.
    let ms = 0;
    try {
      const removed = await deleteInBatches(
        store.db,
        'audit_log',
        (q) => q.where('at', '<', at(8)),
        {
          firstBatch: 4,
          now: () => (ms += 60),
          pause: async () => {},
        },
      );
      expect(removed).toBe(7);
    } finally {
      store.db.off('query', watch);
    }
    // 4 rows, then 2, then 1, then a last one that finds nothing left.
    expect(sizes).toEqual([4, 2, 1, 1]);
  });

  it('hands each batch to beforeDelete in the transaction that deletes it', async () => {
    await store.db('audit_log').del();
    const at = (day: number) => `2026-03-${String(day).padStart(2, '0')}T00:00:00.000Z`;
    await store
      .db('audit_log')
      .insert(
        Array.from({ length: 5 }, (_, i) => ({ at: at(i + 1), action: 'auth.login', summary: '' })),
      );
    const ids = (await store.db('audit_log').orderBy('id').pluck('id')).map(Number);
    const batches: number[][] = [];
    const purge = deleteInBatches(store.db, 'audit_log', (q) => q.where('at', '<', at(9)), {
      firstBatch: 2,
      now: () => 0,
      pause: async () => {},
      async beforeDelete(trx, batch) {
        batches.push([...batch].sort((a, b) => a - b));
        // What it writes commits with the batch's delete, or not at all.
        await trx('audit_log').insert({ at: at(20), action: 'auth.logout', summary: 'kept' });
        if (batches.length === 2) throw new Error('the second batch fails');
      },
    });
    await expect(purge).rejects.toThrow('the second batch fails');
    expect(batches).toEqual([ids.slice(0, 2), ids.slice(2, 5)]);
    // The first batch went with its write; the second, and its write, did not.
    const left = await store.db('audit_log').orderBy('id').select('id', 'summary');
    expect(left.map((r) => [Number(r.id), r.summary])).toEqual([
      ...ids.slice(2, 5).map((id) => [id, '']),
      [expect.any(Number), 'kept'],
    ]);
  });
});
