import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestDb } from '../../../tests/support/test-app';
import { claimJob } from '../../db/job-claim';
import { createDb } from '../../db/knex';
import { createLogger } from '../../logger';
import { createRetentionJob } from './retention';

let store: Awaited<ReturnType<typeof createTestDb>>;
const logger = createLogger({ logLevel: 'silent' });
const DAY = 24 * 60 * 60 * 1000;
let now = new Date('2026-11-20T03:00:00.000Z');
const clock = () => now;

beforeAll(async () => {
  store = await createTestDb();
});
afterAll(() => store.destroy());
beforeEach(async () => {
  now = new Date('2026-11-20T03:00:00.000Z');
  await store.db('contacts').delete();
  await store.db('app_state').delete();
});

const receivedDaysAgo = (days: number, name: string) =>
  store.db('contacts').insert({
    name,
    email: 'ana@example.pt',
    message: 'We need a quote for two welding cells.',
    read: false,
    created_at: new Date(now.getTime() - days * DAY).toISOString(),
  });
const names = async () => (await store.db('contacts').orderBy('id').pluck('name')) as string[];

describe('ENQUIRY_RETENTION_DAYS', () => {
  it('deletes older enquiries at start, and then once a day', async () => {
    await receivedDaysAgo(91, 'Too old');
    await receivedDaysAgo(89, 'Kept');
    const job = createRetentionJob({ db: store.db, days: 90, logger, clock });
    job.start();
    await job.stop();
    expect(await names()).toEqual(['Kept']);

    now = new Date(now.getTime() + 2 * DAY);
    expect(await job.runOnce()).toBe(1);
    expect(await names()).toEqual([]);
  });

  it('runs on one instance at a time: a run within the hour counts for every instance', async () => {
    await receivedDaysAgo(40, 'Old');
    const second = createDb({ dataDir: store.dataDir, databaseUrl: undefined });
    try {
      const a = createRetentionJob({ db: store.db, days: 30, logger, clock });
      const b = createRetentionJob({ db: second, days: 30, logger, clock });
      const removed = await Promise.all([a.runOnce(), b.runOnce(), a.runOnce(), b.runOnce()]);
      expect(removed.sort()).toEqual([0, 0, 0, 1]);
      const claims = await Promise.all(
        [store.db, second, store.db, second].map((db) => claimJob(db, 'race', 60_000, now)),
      );
      expect(claims.filter(Boolean)).toHaveLength(1);
      expect(
        await store.db('app_state').where({ key: 'enquiry-retention-run' }).first(),
      ).toMatchObject({
        value: now.toISOString(),
      });

      await receivedDaysAgo(40, 'Old again');
      expect(await b.runOnce()).toBe(0);
      now = new Date(now.getTime() + 61 * 60 * 1000);
      expect(await b.runOnce()).toBe(1);
    } finally {
      await second.destroy();
    }
  });
});
