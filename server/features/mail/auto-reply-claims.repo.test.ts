import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  postgresAvailable,
  postgresUnavailable,
  startPostgres,
} from '../../../tests/support/postgres';
import { createTestDb } from '../../../tests/support/test-app';
import { addressKey, createAutoReplyClaims } from './auto-reply-claims.repo';

const HOUR = 3_600_000;
const at = (hours: number) => new Date(Date.UTC(2026, 10, 20, 12) + hours * HOUR).toISOString();

describe('addressKey', () => {
  it('is one key per mailbox: case and a +tag do not make another', () => {
    const key = addressKey('ana@example.pt');
    expect(addressKey(' Ana@Example.PT ')).toBe(key);
    expect(addressKey('ana+offers@example.pt')).toBe(key);
    expect(addressKey('ana.silva@example.pt')).not.toBe(key);
    expect(addressKey('ana@example.com')).not.toBe(key);
    expect(key).toMatch(/^[0-9a-f]{64}$/);
  });
});

/** The claim on the store as each database runs it: one winner a day, however many try at once. */
function claimsOn(name: string, open: () => Promise<Awaited<ReturnType<typeof createTestDb>>>) {
  describe(name, () => {
    let store: Awaited<ReturnType<typeof createTestDb>>;
    const claims = createAutoReplyClaims();
    beforeAll(async () => {
      store = await open();
    });
    afterAll(() => store?.destroy());

    const claim = (address: string, contactId: number, hours: number) =>
      store.db.transaction((trx) =>
        claims.claim(trx, address, contactId, at(hours), at(hours - 24)),
      );

    it('lets one enquiry a day answer an address, and gives a claim back', async () => {
      expect(await claim('ana@example.pt', 1, 0)).toBe(true);
      expect(await claim('ANA@example.pt', 2, 23)).toBe(false);
      expect(await claim('rui@example.pt', 3, 23)).toBe(true);
      expect(await claim('ana@example.pt', 4, 24.5)).toBe(true);
      // The old claims went with the day that won: only the live ones are kept.
      expect(Number((await store.db('auto_reply_claims').count({ n: '*' }).first())?.n)).toBe(2);
      await store.db.transaction((trx) => claims.release(trx, 4));
      expect(await claim('ana@example.pt', 5, 25)).toBe(true);
    });

    it('has one winner among enquiries that try at the same moment', async () => {
      const results = await Promise.all(
        Array.from({ length: 8 }, (_, i) => claim('same@example.pt', 100 + i, 30)),
      );
      expect(results.filter(Boolean)).toHaveLength(1);
    });
  });
}

claimsOn('auto-reply claims on SQLite', () => createTestDb());

const pgTitle = postgresAvailable
  ? 'auto-reply claims on PostgreSQL'
  : `auto-reply claims on PostgreSQL (skipped: ${postgresUnavailable})`;
describe.skipIf(!postgresAvailable)(pgTitle, () => {
  let stop: () => Promise<void> = async () => undefined;
  afterAll(() => stop());
  claimsOn('the same rules', async () => {
    const pg = (await startPostgres())!;
    const store = await createTestDb({ databaseUrl: pg.url });
    stop = () => pg.stop();
    return store;
  });
});
