import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postgresAvailable, startPostgres, type TestPostgres } from '../../tests/support/postgres';
import type { TestStore } from '../../tests/support/stores';
import { createTestDb } from '../../tests/support/test-app';
import { newestMatchingIds, searchIndex, whereAmong } from './text-search';

/**
 * The bounded full-text search on a real PostgreSQL: words most rows hold
 * are read newest first along the primary key and the read stops at the
 * limit, rather than every match being read through the index and sorted
 * (PostgreSQL judges any prefix to match few rows, so the search asks it
 * for each word as itself or a longer word); a prefix alone finds the same.
 */
type Plan = { Alias?: string; 'Actual Rows'?: number; 'Actual Loops'?: number; Plans?: Plan[] };

/** How many rows the plan's nodes over `alias` gave, all loops counted. */
const rowsRead = (plan: Plan, alias: string): number =>
  (plan.Alias === alias ? (plan['Actual Rows'] ?? 0) * (plan['Actual Loops'] ?? 1) : 0) +
  (plan.Plans ?? []).reduce((sum, p) => sum + rowsRead(p, alias), 0);

const ARTICLES = 2000;
const LIMIT = 100;

describe.skipIf(!postgresAvailable)('the full-text search on PostgreSQL', () => {
  let pg: TestPostgres;
  let store: TestStore;
  beforeAll(async () => {
    pg = (await startPostgres())!;
    store = await createTestDb({ databaseUrl: pg.url });
    const at = '2026-11-20T10:00:00.000Z';
    const rows = Array.from({ length: ARTICLES }, (_, i) => ({
      title: `Field report ${i}`,
      excerpt: 'In numbers.',
      content: `Measured before and after the retrofit of cell ${i % 31}.`,
      category: 'research',
      slug: `report-${i}`,
      created_at: at,
      updated_at: at,
    }));
    for (let i = 0; i < rows.length; i += 500)
      await store.db('news').insert(rows.slice(i, i + 500));
    await store.db.raw('analyze news');
  });
  afterAll(async () => {
    await store?.destroy();
    await pg?.stop();
  });

  const search = (text: string) =>
    newestMatchingIds(store.db, searchIndex('news'), text, LIMIT, (id) =>
      store.db('news').select(store.db.raw('1')).whereRaw(`news.id = ${id}`),
    )!;

  it('reads common words newest first and stops at the limit', async () => {
    const newest = (await store.db('news').orderBy('id', 'desc').limit(LIMIT).pluck('id')).map(
      Number,
    );
    const found = search('retrofit cell');
    expect((await found).map((r: { id: unknown }) => Number(r.id))).toEqual(newest);
    const explained = await store.db.raw(`explain (analyze, format json) ${found.toString()}`);
    const [{ Plan: plan }] = explained.rows[0]['QUERY PLAN'] as [{ Plan: Plan }];
    // Without the words' statistics it read (and sorted) all 2,000 matches.
    expect(rowsRead(plan, 'm')).toBeLessThanOrEqual(2 * LIMIT);
  });

  it('finds the same rows by the start of the words', async () => {
    const ids = async (text: string) =>
      (await search(text)).map((r: { id: unknown }) => Number(r.id));
    expect(await ids('retro cel')).toEqual(await ids('retrofit cell'));
    expect(await ids('retrofits')).toEqual([]);
  });

  it('narrows a list to the ids a search read, with one parameter', async () => {
    const ids = (await store.db('news').orderBy('id', 'desc').limit(1000).pluck('id')).map(Number);
    const q = whereAmong(store.db, store.db('news').select('id'), 'news.id', ids);
    // A thousand placeholders before, each numbered, encoded, parsed and bound.
    expect(q.toSQL().bindings).toHaveLength(1);
    expect((await q.orderBy('id', 'desc')).map((r: { id: unknown }) => Number(r.id))).toEqual(ids);
  });
});
