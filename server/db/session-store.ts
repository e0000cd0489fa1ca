import session from 'express-session';
import connectSqlite3 from 'connect-sqlite3';
import type { Config } from '../config';

export const SESSIONS_FILE = 'sessions.db';

export type ClosableStore = { store: session.Store; close(): Promise<void> };

/** Sessions in their own SQLite file in DATA_DIR (WAL), so they survive restarts. */
export function createSessionStore(config: Pick<Config, 'dataDir'>): ClosableStore {
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
    close: () =>
      new Promise<void>((resolve, reject) => {
        if (!store.db) return resolve();
        store.db.close((err) => (err ? reject(err) : resolve()));
      }),
  };
}
