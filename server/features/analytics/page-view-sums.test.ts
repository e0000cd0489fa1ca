import knex, { type Knex } from 'knex';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  postgresAvailable,
  postgresUnavailable,
  startPostgres,
  type TestPostgres,
} from '../../../tests/support/postgres';
import { transactionPerWrite } from '../../db/group-commit';
import { migrateLatest } from '../../db/migrate';
import type { Logger } from '../../logger';
import { createAnalyticsRepo } from './analytics.repo';
import { createViewCounter } from './view-counter';

const title = postgresAvailable
  ? 'the sums per month and per day of several instances on one PostgreSQL'
  : `the sums per month and per day of several instances on one PostgreSQL (skipped: ${postgresUnavailable})`;

/**
 * `page_view_months` and `page_view_days` are added to in the transaction
 * that adds to `page_views` (page-view-sums.ts, analytics.repo.ts). Two
 * instances flushing the same pages at once, with enquiries counted and
 * taken off beside them, must leave them equal to the sums of the days,
 * without a deadlock or a lost update.
 */
describe.skipIf(!postgresAvailable)(title, () => {
  let pg: TestPostgres;
  let a: Knex;
  let b: Knex;
  beforeAll(async () => {
    pg = (await startPostgres())!;
    a = knex({ client: 'pg', connection: pg.url, pool: { min: 0, max: 4 } });
    b = knex({ client: 'pg', connection: pg.url, pool: { min: 0, max: 4 } });
    await migrateLatest(a);
  });
  afterAll(async () => {
    await a?.destroy();
    await b?.destroy();
    await pg?.stop();
  });

  it('add up to the days’ sums under concurrent flushes and enquiries', async () => {
    const warnings: string[] = [];
    const logger = {
      warn: (_: unknown, message: string) => warnings.push(message),
    } as unknown as Logger;
    // The last hours of November and the first of December: rows of two months in each flush.
    const days = ['2026-11-29', '2026-11-30', '2026-12-01'];
    let now = 0;
    const counters = [a, b].map((db) =>
      createViewCounter({ writes: transactionPerWrite(db), logger, clock: () => now }),
    );
    const repos = [a, b].map((db) => createAnalyticsRepo(db));
    const tags = ['home', 'news', 'contact', 'privacy'].flatMap((page) =>
      ['en', 'pt', 'de'].map((language) => `${page}:0:${language}`),
    );
    let counted = 0;
    for (let round = 0; round < 20; round++) {
      for (const [i, counter] of counters.entries()) {
        for (const day of days) {
          now = Date.parse(`${day}T12:00:00Z`);
          // Each instance walks the pages in its own order; most rows are shared.
          const order = i === 0 ? tags : [...tags].reverse();
          for (const tag of order) {
            counter.add(tag, null);
            counted++;
          }
        }
      }
      await Promise.all([
        ...counters.map((counter) => counter.flush()),
        ...repos.map((repo, i) =>
          (i === 0 ? a : b).transaction((trx) =>
            round % 3 === 2
              ? repo.removeEnquiry(trx, days[round % 3]!, 0, 'en')
              : repo.addEnquiry(trx, days[round % 3]!, 0, 'en'),
          ),
        ),
      ]);
    }
    expect(warnings).toEqual([]);

    const byMonth = (await a('page_views')
      .select(a.raw('substr(day, 1, 7) as month'), 'page', 'document_id', 'language')
      .sum({ views: 'views', enquiries: 'enquiries' })
      .max({ last_day: 'day' })
      .groupByRaw('substr(day, 1, 7), page, document_id, language')
      .orderByRaw('1, 2, 3, 4')) as Record<string, unknown>[];
    const months = (await a('page_view_months')
      .select('month', 'page', 'document_id', 'language', 'views', 'enquiries', 'last_day')
      .orderBy(['month', 'page', 'document_id', 'language'])) as Record<string, unknown>[];
    const plain = (rows: Record<string, unknown>[]) =>
      rows.map((r) => [
        r.month,
        r.page,
        Number(r.document_id),
        r.language,
        Number(r.views),
        Number(r.enquiries),
        r.last_day,
      ]);
    expect(plain(months)).toEqual(plain(byMonth));
    expect(months.reduce((n, r) => n + Number(r.views), 0)).toBe(counted);

    const byDay = (await a('page_views')
      .select('day')
      .sum({ views: 'views' })
      .groupBy('day')
      .orderBy('day')) as { day: string; views: unknown }[];
    const perDay = (await a('page_view_days').orderBy('day').select('day', 'views')) as {
      day: string;
      views: unknown;
    }[];
    expect(perDay.map((r) => [r.day, Number(r.views)])).toEqual(
      byDay.map((r) => [r.day, Number(r.views)]),
    );
  }, 60_000);
});
