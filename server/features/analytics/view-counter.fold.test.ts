import knex, { type Knex } from 'knex';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OTHER_REFERRER } from '#shared/analytics';
import {
  postgresAvailable,
  postgresUnavailable,
  startPostgres,
  type TestPostgres,
} from '../../../tests/support/postgres';
import { transactionPerWrite, type GroupCommit } from '../../db/group-commit';
import { migrateLatest } from '../../db/migrate';
import { createViewCounter } from './view-counter';

const title = postgresAvailable
  ? 'rare referring hosts folded by two instances at once'
  : `rare referring hosts folded by two instances at once (skipped: ${postgresUnavailable})`;

/**
 * Each instance folds the days before today's rare referring hosts into
 * `other` on its first flush of a day (view-counter.ts). Two instances on
 * one PostgreSQL doing so in the same moment (at midnight, or started
 * together) must add those views to `other` once, not once each.
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

  it('adds their views to the day before once, when the second reads them before the first commits', async () => {
    const day = '2020-01-01';
    const now = Date.parse('2020-01-02T10:00:00Z');
    const totals: number[] = [];
    for (let round = 0; round < 3; round++) {
      await a('referrer_views').delete();
      await a('referrer_views').insert(
        Array.from({ length: 10 }, (_, i) => ({ day, host: `h${i}.example`, views: 1 })),
      );
      // The second instance's read of the rare hosts' sums, or 500 ms: whichever comes first.
      let secondRead!: () => void;
      const read = new Promise<void>((resolve) => (secondRead = resolve));
      const watch = ({ sql }: { sql: string }) => {
        if (/\bsum\(/i.test(sql)) secondRead();
      };
      b.on('query', watch);
      // The first holds its transaction open, its fold done, until the second has read the sums.
      const first: GroupCommit = {
        run: (work) =>
          a.transaction(async (trx) => {
            const result = await work(trx);
            await Promise.race([read, new Promise((r) => setTimeout(r, 500))]);
            return result;
          }),
        settled: async () => undefined,
      };
      const one = createViewCounter({ writes: first, clock: () => now });
      const two = createViewCounter({ writes: transactionPerWrite(b), clock: () => now });
      one.add('home:0:en', 'one.example');
      two.add('contact:0:pt', 'two.example');
      const flushed = one.flush();
      // The second starts once the first has folded (its `other` row written, not committed).
      await new Promise((r) => setTimeout(r, 100));
      await Promise.all([flushed, two.flush()]);
      b.removeListener('query', watch);
      const other = await a('referrer_views').where({ day, host: OTHER_REFERRER }).first();
      totals.push(Number(other?.views ?? 0));
    }
    expect(totals).toEqual([10, 10, 10]);
    expect(await a('referrer_views').where({ day }).whereNot('host', OTHER_REFERRER)).toEqual([]);
  });
});
