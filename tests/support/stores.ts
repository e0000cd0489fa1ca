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
