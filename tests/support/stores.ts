import type { Clock } from '../../server/clock';
import { createContentVersion } from '../../server/content-version';
import { createNewsService } from '../../server/features/news/news.service';
import { createPagesService } from '../../server/features/news/pages.service';
import { createTestApp, createTestDb, type TestApp } from './test-app';
import { postgresAvailable, postgresUnavailable, startPostgres } from './postgres';

export type TestStore = Awaited<ReturnType<typeof createTestDb>>;

/** One of the stores the server runs on, opened as a bare database or under the whole app. */
export type StoreUnderTest = {
  name: string;
  skip: boolean;
  open(): Promise<TestStore>;
  /** The real app on this store (tests/support/test-app.ts); `destroy()` removes it all. */
  openApp(env?: Record<string, string>): Promise<TestApp>;
};

/**
 * The two stores the server runs on, for suites that must behave alike on
 * both: `describe.each(STORES)` then `describe.skipIf(store.skip)`. SQLite
 * always; PostgreSQL on a throwaway cluster (or TEST_DATABASE_URL) when the
 * machine has one, else skipped with the reason in the suite's name.
 */
export const STORES: StoreUnderTest[] = [
  { name: 'SQLite', skip: false, open: () => createTestDb(), openApp: (env) => createTestApp(env) },
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
    async openApp(env = {}) {
      const pg = await startPostgres();
      if (!pg) throw new Error(`PostgreSQL unavailable: ${postgresUnavailable}`);
      const t = await createTestApp({ ...env, DATABASE_URL: pg.url });
      return {
        ...t,
        async destroy() {
          await t.destroy();
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
