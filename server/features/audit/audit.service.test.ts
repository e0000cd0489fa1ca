import { afterEach, describe, expect, it } from 'vitest';
import { createTestDb } from '../../../tests/support/test-app';
import { claimJob } from '../../db/job-claim';
import { createLogger } from '../../logger';
import { createAuditService } from './audit.service';

const stores: Awaited<ReturnType<typeof createTestDb>>[] = [];
afterEach(async () => {
  for (const store of stores.splice(0)) await store.destroy();
});

const logger = createLogger({ logLevel: 'silent' });
const YEAR_AGO = new Date(Date.now() - 400 * 86_400_000);

async function withOldEntry() {
  const store = await createTestDb();
  stores.push(store);
  const past = createAuditService({
    db: store.db,
    logger,
    retentionDays: 90,
    clock: () => YEAR_AGO,
  });
  await past.record(
    { actor: null, ip: null },
    { action: 'account.password_reset', summary: 'old' },
  );
  return store;
}

async function startAndCount(db: Awaited<ReturnType<typeof createTestDb>>['db']) {
  const audit = createAuditService({ db, logger, retentionDays: 90 });
  audit.start();
  await new Promise((r) => setTimeout(r, 300));
  audit.stop();
  return Number((await db('audit_log').count({ n: '*' }))[0]!.n);
}

describe('audit pruning', () => {
  it('prunes old entries when it starts', async () => {
    const { db } = await withOldEntry();
    expect(await startAndCount(db)).toBe(0);
  });

  it('leaves it to the instance that pruned within the day (several instances prune once)', async () => {
    const { db } = await withOldEntry();
    expect(await claimJob(db, 'jobs.audit_prune', 1000, new Date())).toBe(true);
    expect(await startAndCount(db)).toBe(1);
  });
});
