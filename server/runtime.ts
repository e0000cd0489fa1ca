import type { Config } from './config';
import {
  closePasswordHashing,
  PASSWORD_COST,
  TEST_PASSWORD_COST,
  setPasswordCost,
} from './features/auth/password';
import { createDb, type Db } from './db/knex';
import { markDataInUse } from './db/in-use';
import { checkMediaFiles, checkSqliteFiles } from './db/sqlite-files';
import { migrateLatest } from './db/migrate';
import { loadSessionSecret } from './db/session-secret';
import { createSessionStore, type ClosableStore } from './db/session-store';
import { underStartupLock } from './db/startup-lock';
import type { Logger } from './logger';

export type Runtime = {
  db: Db;
  sessions: ClosableStore;
  sessionSecret: string;
  close(): Promise<void>;
};

/**
 * Everything the app needs that outlives a request: the migrated database,
 * the session store and the cookie secret. Shared by the server and the tests.
 * Migrations, the session table and `prepare` (first accounts and content)
 * run under the startup lock, so instances starting together on one
 * PostgreSQL do them once, one after the other. On SQLite the data is
 * marked in use until `close()`, so `npm run restore` refuses meanwhile
 * (in-use.ts; on PostgreSQL the server's listening connection marks it).
 */
export async function openRuntime(
  config: Config,
  logger: Logger,
  prepare?: (db: Db) => Promise<void>,
): Promise<Runtime> {
  setPasswordCost(config.env === 'test' ? TEST_PASSWORD_COST : PASSWORD_COST);
  if (!config.databaseUrl) checkSqliteFiles(config.dataDir);
  if (config.media.storage === 'files') checkMediaFiles(config.dataDir);
  const inUse = config.databaseUrl ? undefined : await markDataInUse(config.dataDir);
  const db = createDb(config);
  const sessions = await underStartupLock(config, async () => {
    const applied = await migrateLatest(db);
    if (applied.length) logger.info({ migrations: applied }, 'database migrated');
    const store = await createSessionStore(config, logger);
    try {
      await store.ready();
      await prepare?.(db);
    } catch (error) {
      await store.close();
      throw error;
    }
    return store;
  }).catch(async (error: unknown) => {
    await db.destroy();
    await inUse?.release();
    throw error;
  });
  const sessionSecret = loadSessionSecret(config);
  return {
    db,
    sessions,
    sessionSecret,
    async close() {
      await Promise.allSettled([db.destroy(), sessions.close(), closePasswordHashing()]);
      await inUse?.release();
    },
  };
}
