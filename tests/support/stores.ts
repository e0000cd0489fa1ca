import type { Clock } from '../../server/clock';
import { createContentVersion } from '../../server/content-version';
import { createNewsService } from '../../server/features/news/news.service';
import { createPagesService } from '../../server/features/news/pages.service';
import { createTestDb } from './test-app';
import { postgresAvailable, postgresUnavailable, startPostgres } from './postgres';

export type TestStore = Awaited<ReturnType<typeof createTestDb>>;

/**
 * The two stores the server runs on, for suites that must behave alike on
 * both: `describe.each(STORES)` then `describe.skipIf(store.skip)`. SQLite
 * always; PostgreSQL on a throwaway cluster (or TEST_DATABASE_URL) when the
 * machine has one, else skipped with the reason in the suite's name.
 */
export const STORES: { name: string; skip: boolean; open(): Promise<TestStore> }[] = [
  { name: 'SQLite', skip: false, open: () => createTestDb() },
  {
    name: postgresAvailable ? 'PostgreSQL' : `PostgreSQL (skipped: ${postgresUnavailable})`,
    skip: !postgresAvailable,
    async open() {
      const pg = await startPostgres();
      if (!pg) throw new Error(`PostgreSQL unavailable: ${postgresUnavailable}`);
      const store = await createTestDb({ databaseUrl: pg.url });
      return {
        ...store,
        async destroy() {
          await store.destroy();
          await pg.stop();
        },
      };
    },
  },
];

/**
 * The news and pages services on a store (or a test app's database), built
 * as server/services.ts builds them: one content version for both, which a
 * write of either moves, and the clock given (else the system's).
 */
export function newsServicesOn(store: Pick<TestStore, 'db'>, { clock }: { clock?: Clock } = {}) {
  const content = createContentVersion(clock);
  return {
    content,
    news: createNewsService({ db: store.db, content, clock }),
    pages: createPagesService({ db: store.db, content, clock }),
  };
}
