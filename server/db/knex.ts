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

/** How long opening a PostgreSQL connection may take before the query that needs it fails (503). */
export const POSTGRES_CONNECT_TIMEOUT_MS = 10_000;

/**
 * How long a pooled PostgreSQL connection may sit idle before the system
 * probes its peer (then every second, ten times: libuv's settings).
 */
export const POSTGRES_KEEPALIVE_IDLE_MS = 10_000;

/**
 * The knex settings of the PostgreSQL pool. A pooled connection whose peer
 * died without closing it (a failover, a host gone) would otherwise hang the
 * next request on it for as long as the system keeps the socket (two hours
 * before Linux's first keepalive probe), so TCP keepalive is on; and a
 * connection that is never answered (a host dropping packets) fails the
 * query after the connect timeout rather than knex's minute. No statement or
 * query timeout: migrations, exports and backups may rightly run long.
 */
export function postgresKnexConfig(
  url: string,
  { connectTimeoutMs = POSTGRES_CONNECT_TIMEOUT_MS } = {},
): Knex.Config {
  return {
    client: 'pg',
    connection: {
      connectionString: url,
      keepAlive: true,
      keepAliveInitialDelayMillis: POSTGRES_KEEPALIVE_IDLE_MS,
      connectionTimeoutMillis: connectTimeoutMs,
    },
    pool: { min: 0, max: 10 },
  };
}

/**
 * The knex instance of the app. The embedded SQLite file under DATA_DIR by
 * default; a `postgres://` DATABASE_URL switches the client. Repositories keep
 * booleans and times normalised, so the rest of the code does not care which.
 */
export function createDb(config: Pick<Config, 'dataDir' | 'databaseUrl'>): Db {
  if (config.databaseUrl) {
    return knex(postgresKnexConfig(config.databaseUrl));
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
