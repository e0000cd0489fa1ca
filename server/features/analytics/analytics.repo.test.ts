import type { Knex } from 'knex';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDb } from '../../../tests/support/test-app';
import { createAnalyticsRepo } from './analytics.repo';

/**
 * The report's reads of `page_views`: at years of views (a million rows
 * and more) they must read indexes alone, summing in index order, and
 * join articles to the sums only.
 */
let store: Awaited<ReturnType<typeof createTestDb>>;

beforeAll(async () => {
  store = await createTestDb();
});
afterAll(() => store.destroy());

/** SQLite's plan of every statement `read` runs, one line per step. */
async function plansOf(read: () => Promise<unknown>): Promise<string[][]> {
  const statements: { sql: string; bindings: readonly Knex.RawBinding[] }[] = [];
  const record = (q: { sql: string; bindings?: readonly Knex.RawBinding[] }) =>
    statements.push({ sql: q.sql, bindings: q.bindings ?? [] });
  store.db.on('query', record);
  try {
    await read();
  } finally {
    store.db.removeListener('query', record);
  }
  const plans: string[][] = [];
  for (const { sql, bindings } of statements) {
    const steps = (await store.db.raw(`explain query plan ${sql}`, bindings)) as {
      detail: string;
    }[];
    plans.push(steps.map((s) => s.detail));
  }
  return plans;
}

describe('the report’s reads', () => {
  it('sum the page views from indexes alone, in their order, before any article is joined', async () => {
    const repo = createAnalyticsRepo(store.db);
    for (const read of [() => repo.pages('2025-11-28'), () => repo.viewsPerDay('2025-11-28')]) {
      const plans = await plansOf(read);
      expect(plans).toHaveLength(1);
      const steps = plans[0]!;
      // No sort of the period's rows (a temporary B-tree), no read of the table's rows.
      expect(steps.filter((s) => /TEMP B-TREE/.test(s))).toEqual([]);
      const reads = steps.filter((s) => /\bpage_views\b/.test(s));
      expect(reads).toHaveLength(1);
      expect(reads[0]).toMatch(/USING COVERING INDEX page_views_(pages|days)_index/);
    }
  });
});
