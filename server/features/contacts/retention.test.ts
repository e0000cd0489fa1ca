import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestDb } from '../../../tests/support/test-app';
import { claimJob } from '../../db/job-claim';
import { createDb } from '../../db/knex';
import { createLogger } from '../../logger';
import { createAuditService } from '../audit/audit.service';
import { createMailService } from '../mail/mail.service';
import { createRetentionJob } from './retention';

let store: Awaited<ReturnType<typeof createTestDb>>;
const logger = createLogger({ logLevel: 'silent' });
const DAY = 24 * 60 * 60 * 1000;
let now = new Date('2026-11-20T03:00:00.000Z');
const clock = () => now;
const spamDays = async () => 30;
/** E-mail off: what an enquiry still has in the outbox is kept or deleted all the same. */
const mailOf = (db: typeof store.db) =>
  createMailService({ db, config: { mail: undefined, publicUrl: undefined, port: 3000 } });

beforeAll(async () => {
  store = await createTestDb();
});
afterAll(() => store.destroy());
beforeEach(async () => {
  now = new Date('2026-11-20T03:00:00.000Z');
  await store.db('contacts').delete();
  await store.db('app_state').delete();
  await store.db('audit_log').delete();
});

const receivedDaysAgo = (days: number, name: string, spam = false) =>
  store.db('contacts').insert({
    name,
    email: 'ana@example.pt',
    message: 'We need a quote for two welding cells.',
    read: false,
    spam,
    created_at: new Date(now.getTime() - days * DAY).toISOString(),
  });
const names = async () => (await store.db('contacts').orderBy('id').pluck('name')) as string[];

describe('ENQUIRY_RETENTION_DAYS', () => {
  it('deletes older enquiries at start, and then once a day', async () => {
    await receivedDaysAgo(91, 'Too old');
    await receivedDaysAgo(89, 'Kept');
    const job = createRetentionJob({
      db: store.db,
      days: 90,
      spamDays,
      mail: mailOf(store.db),
      logger,
      clock,
    });
    job.start();
    await job.stop();
    expect(await names()).toEqual(['Kept']);

    now = new Date(now.getTime() + 2 * DAY);
    expect(await job.runOnce()).toEqual({ enquiries: 1, spam: 0 });
    expect(await names()).toEqual([]);
  });

  it('runs on one instance at a time: a run within the hour counts for every instance', async () => {
    await receivedDaysAgo(40, 'Old');
    const second = createDb({ dataDir: store.dataDir, databaseUrl: undefined });
    try {
      const a = createRetentionJob({
        db: store.db,
        days: 30,
        spamDays,
        mail: mailOf(store.db),
        logger,
        clock,
      });
      const b = createRetentionJob({
        db: second,
        days: 30,
        spamDays,
        mail: mailOf(second),
        logger,
        clock,
      });
      const runs = await Promise.all([a.runOnce(), b.runOnce(), a.runOnce(), b.runOnce()]);
      expect(runs.map((r) => r.enquiries).sort()).toEqual([0, 0, 0, 1]);
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
      expect((await b.runOnce()).enquiries).toBe(0);
      now = new Date(now.getTime() + 61 * 60 * 1000);
      expect((await b.runOnce()).enquiries).toBe(1);
    } finally {
      await second.destroy();
    }
  });
});

describe('spam_retention_days', () => {
  it('deletes spam older than the setting, in batches, keeps the rest and says so in the audit log', async () => {
    for (let i = 0; i < 7; i++) await receivedDaysAgo(31 + i, `Old spam ${i}`, true);
    await receivedDaysAgo(29, 'Recent spam', true);
    await receivedDaysAgo(400, 'Old enquiry');
    const audit = createAuditService({ db: store.db, logger, retentionDays: 365, clock });
    let days = 30;
    const job = createRetentionJob({
      db: store.db,
      spamDays: async () => days,
      mail: mailOf(store.db),
      logger,
      audit,
      clock,
    });
    expect(await job.runOnce()).toEqual({ enquiries: 0, spam: 7 });
    expect(await names()).toEqual(['Recent spam', 'Old enquiry']);
    const entries = await store.db('audit_log').select('action', 'summary', 'actor');
    expect(entries).toEqual([
      { action: 'contact.purged', summary: 'spam: 7, older than 30 days', actor: null },
    ]);

    // A shorter setting takes effect at the next run.
    days = 7;
    now = new Date(now.getTime() + 2 * DAY);
    expect(await job.runOnce()).toEqual({ enquiries: 0, spam: 1 });
    expect(await names()).toEqual(['Old enquiry']);
  });
});
