import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  postgresAvailable,
  postgresUnavailable,
  startPostgres,
} from '../../tests/support/postgres';
import { createTestDb } from '../../tests/support/test-app';
import { createContentVersion, type ContentVersion } from '../content-version';
import { createLogger } from '../logger';
import { broadcastContentVersion, CONTENT_CHANNEL } from './content-broadcast';

const title = postgresAvailable
  ? 'content version across instances'
  : `content version across instances (skipped: ${postgresUnavailable})`;

async function until(check: () => boolean, ms = 10_000): Promise<void> {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) throw new Error('condition not met in time');
    await new Promise((r) => setTimeout(r, 20));
  }
}

describe.skipIf(!postgresAvailable)(title, () => {
  const logger = createLogger({ logLevel: 'silent' });
  let stopAll: () => Promise<void>;
  let store: Awaited<ReturnType<typeof createTestDb>>;
  const a = createContentVersion();
  const b = createContentVersion();

  beforeAll(async () => {
    const pg = (await startPostgres())!;
    store = await createTestDb({ databaseUrl: pg.url });
    const share = (version: ContentVersion) =>
      broadcastContentVersion({ url: pg.url, db: store.db, version, logger });
    const shared = await Promise.all([share(a), share(b)]);
    stopAll = async () => {
      await Promise.all(shared.map((s) => s.stop()));
      await store.destroy();
      await pg.stop();
    };
  });
  afterAll(() => stopAll?.());

  it('a bump on one instance moves the other at once, and not itself twice', async () => {
    const before = { a: a.current(), b: b.current() };
    await a.changed('test write');
    expect(a.current()).toBe(before.a + 1);
    await until(() => b.current() === before.b + 1);
    await new Promise((r) => setTimeout(r, 100));
    expect(a.current()).toBe(before.a + 1);
  });

  it('catches up after its listening connection dropped and a write went unheard', async () => {
    const seenByB = b.current();
    // Every listener is cut; A writes before anyone listens again (the first retry waits 250 ms).
    // Only this database's: other test files share the server.
    await store.db.raw(
      'select pg_terminate_backend(pid) from pg_stat_activity where query = ? and datname = current_database()',
      [`LISTEN ${CONTENT_CHANNEL}`],
    );
    await a.changed('written while B is deaf');
    await until(() => b.current() > seenByB);
    // Both listen again: the next write reaches B by NOTIFY as before.
    const caughtUp = b.current();
    await new Promise((r) => setTimeout(r, 500));
    await a.changed('after the reconnect');
    await until(() => b.current() > caughtUp);
  });
});
