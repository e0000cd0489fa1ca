import session from 'express-session';
import connectSqlite3 from 'connect-sqlite3';
import type { Config } from '../config';
import type { Logger } from '../logger';
import { describeDbError } from './db-errors';

export const SESSIONS_FILE = 'sessions.db';

export type ClosableStore = {
  store: session.Store;
  /** Resolves once the store can be used (PostgreSQL: its table exists; created at first start). */
  ready(): Promise<void>;
  close(): Promise<void>;
};

/**
 * Sessions kept where the data is, so they survive restarts: their own SQLite
 * file in DATA_DIR (WAL) by default, a `sessions` table with DATABASE_URL (its
 * store, and PostgreSQL's driver, are loaded only then: a faster start).
 */
export async function createSessionStore(
  config: Pick<Config, 'dataDir' | 'databaseUrl'>,
  logger?: Logger,
): Promise<ClosableStore> {
  if (config.databaseUrl) {
    const { default: connectPgSimple } = await import('connect-pg-simple');
    const PgStore = connectPgSimple(session);
    const store = new PgStore({
      conString: config.databaseUrl,
      tableName: 'sessions',
      createTableIfMissing: true,
      // A dropped pooled connection (PostgreSQL restarting) is logged, and the pool reconnects.
      errorLog: (_message: unknown, err: unknown) =>
        logger?.warn({ err: describeDbError(err) }, 'session store: database error'),
    });
    return {
      store,
      // The first query creates the table (the startup lock keeps two instances from racing).
      ready: () =>
        new Promise<void>((resolve, reject) =>
          store.get('-', (err: unknown) => (err ? reject(err) : resolve())),
        ),
      close: async () => store.close(),
    };
  }
  const SQLiteStore = connectSqlite3(session);
  const store = new SQLiteStore({
    dir: config.dataDir,
    db: SESSIONS_FILE,
    table: 'sessions',
    concurrentDb: true,
    createDirIfNotExists: true,
  });
  return {
    store,
    ready: async () => undefined,
    close: () =>
      new Promise<void>((resolve, reject) => {
        if (!store.db) return resolve();
        store.db.close((err) => (err ? reject(err) : resolve()));
      }),
  };
}
