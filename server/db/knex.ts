import { mkdirSync } from 'node:fs';
import path from 'node:path';
import knex, { type Knex } from 'knex';
import type { Config } from '../config';

export type Db = Knex;

type SqliteConnection = { exec(sql: string, cb: (err: Error | null) => void): void };

/** SQLite settings applied to every pooled connection. */
const SQLITE_PRAGMAS = [
  'PRAGMA journal_mode = WAL',
  'PRAGMA foreign_keys = ON',
  'PRAGMA busy_timeout = 5000',
  'PRAGMA synchronous = NORMAL',
].join('; ');

/** Where the embedded database lives. */
export function sqliteFile(dataDir: string): string {
  return path.join(dataDir, 'site.db');
}

/**
 * The knex instance of the app. The embedded SQLite file under DATA_DIR by
 * default; a `postgres://` DATABASE_URL switches the client. Repositories keep
 * booleans and times normalised, so the rest of the code does not care which.
 */
export function createDb(config: Pick<Config, 'dataDir' | 'databaseUrl'>): Db {
  if (config.databaseUrl) {
    return knex({ client: 'pg', connection: config.databaseUrl, pool: { min: 0, max: 10 } });
  }
  mkdirSync(config.dataDir, { recursive: true });
  return knex({
    client: 'sqlite3',
    connection: { filename: sqliteFile(config.dataDir) },
    useNullAsDefault: true,
    pool: {
      afterCreate(conn: SqliteConnection, done: (err: Error | null, conn: unknown) => void) {
        conn.exec(SQLITE_PRAGMAS, (err) => done(err, conn));
      },
    },
  });
}
