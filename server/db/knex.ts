import path from 'node:path';
import knex, { type Knex } from 'knex';
import type { Config } from '../config';
import { ensureDataDir } from './data-dir';
import { createSqliteDb } from './sqlite-client';

export type Db = Knex;

/**
 * How long a write waits for another writer's lock before it answers 503
 * (well inside any request's patience; the visitor is told to retry).
 */
export const SQLITE_BUSY_TIMEOUT_MS = 3000;

/**
 * SQLite settings applied to every pooled connection. WAL lets readers go on
 * while a writer (ours or another process's) holds the lock; FULL makes
 * every commit durable before it is acknowledged, so an enquiry answered 201
 * survives a power loss (the cost is measured by `npm run bench`).
 */
const SQLITE_PRAGMAS = [
  'PRAGMA journal_mode = WAL',
  'PRAGMA foreign_keys = ON',
  `PRAGMA busy_timeout = ${SQLITE_BUSY_TIMEOUT_MS}`,
  'PRAGMA synchronous = FULL',
].join('; ');

/**
 * Connections to the SQLite file: several, so reads go on while one write
 * waits for a lock, and few, so waiting writes never hold every thread of
 * libuv's pool (which file reads and the session store need too).
 */
export const SQLITE_POOL = { min: 1, max: 4 };

/**
 * True for the embedded SQLite file. One server process serves it (several
 * instances need PostgreSQL, docs/deploy.md), so that process is the only
 * writer of its rows and may keep what it wrote in memory.
 */
export function isEmbedded(db: Db): boolean {
  return db.client.config.client === 'sqlite3';
}

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
  ensureDataDir(config.dataDir);
  // Write transactions wait their turn and take the lock first (sqlite-client.ts).
  return createSqliteDb({
    filename: sqliteFile(config.dataDir),
    busyTimeoutMs: SQLITE_BUSY_TIMEOUT_MS,
    pragmas: SQLITE_PRAGMAS,
    pool: SQLITE_POOL,
  });
}
