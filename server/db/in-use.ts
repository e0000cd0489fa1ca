import path from 'node:path';
import sqlite3 from 'sqlite3';
import type { Config } from '../config';
import { restoreCommand } from '../operator-commands';
import { ensureDataDir } from './data-dir';
import { STARTUP_LOCK_KEY } from './startup-lock';

/**
 * Whether a server is using the site's data. `npm run restore` must never
 * replace the data under a running server: the server would go on writing
 * to the files it has open (SQLite keeps writing to the replaced file, so
 * every enquiry acknowledged after the restore is lost at the next start),
 * or into a schema being rebuilt (PostgreSQL).
 *
 * Every process that opens the data holds a shared lock for as long as it
 * runs, and a restore takes the same lock exclusively, so it fails at once
 * while anyone holds it. Both kinds are released by the operating system or
 * the database when the process ends, however it ends (`kill -9` too), so a
 * crashed server never blocks a restore.
 * - SQLite: a read transaction on `DATA_DIR/in-use.lock`, an empty SQLite
 *   file (its locks are the system's file locks), taken by openRuntime.
 * - PostgreSQL: a shared advisory lock, held on the connection each instance
 *   keeps open to hear content changes (content-broadcast.ts), taken again
 *   whenever that connection is re-established.
 */
export const IN_USE_FILE = 'in-use.lock';
/** The advisory lock's key: "forge" + "used" as two ASCII words. */
export const IN_USE_LOCK_KEY = [0x666f7267, 0x75736564] as const;

export class DataInUseError extends Error {
  override name = 'DataInUseError';
}

type Handle = { db: sqlite3.Database };

const exec = (db: sqlite3.Database, sql: string) =>
  new Promise<void>((resolve, reject) => db.exec(sql, (err) => (err ? reject(err) : resolve())));

async function openLockFile(dataDir: string): Promise<Handle> {
  ensureDataDir(dataDir);
  const file = path.join(dataDir, IN_USE_FILE);
  const db = await new Promise<sqlite3.Database>((resolve, reject) => {
    const opened = new sqlite3.Database(file, (err) => (err ? reject(err) : resolve(opened)));
  });
  return { db };
}

const close = (h: Handle) => new Promise<void>((resolve) => h.db.close(() => resolve()));
const isBusy = (error: unknown) => (error as { code?: string }).code === 'SQLITE_BUSY';

/**
 * Marks the SQLite data in DATA_DIR as in use until `release()` (the
 * server's life, or a command's). Refuses while a restore holds it.
 */
export async function markDataInUse(dataDir: string): Promise<{ release(): Promise<void> }> {
  const handle = await openLockFile(dataDir);
  try {
    // Another server starting at the same moment holds it only briefly.
    await exec(handle.db, 'PRAGMA busy_timeout = 2000; BEGIN; SELECT count(*) FROM sqlite_master;');
  } catch (error) {
    await close(handle);
    if (!isBusy(error)) throw error;
    throw new DataInUseError(
      `${dataDir} is being restored (npm run restore): start the server again when it has finished`,
    );
  }
  return { release: () => close(handle) };
}

const SQLITE_IN_USE = (dataDir: string, backupDir: string) =>
  `A server is using ${dataDir}: stop it first (systemctl stop forge-site, or Ctrl-C where ` +
  `npm start runs), then run the restore again: ${restoreCommand(backupDir)}. ` +
  'Nothing was changed.';
const POSTGRES_IN_USE = (backupDir: string) =>
  "A server is using DATABASE_URL's database: stop every instance first " +
  `(systemctl stop 'forge-site@*'), then run the restore again: ${restoreCommand(backupDir)}. ` +
  'Nothing was changed.';

/**
 * Runs `work` (the restore of `backupDir`) while no server uses the data,
 * and keeps servers from starting on it meanwhile; throws DataInUseError,
 * having run nothing, while one does (saying how to run that restore again).
 * On PostgreSQL the startup lock is held too, so an instance starting
 * meanwhile waits before it migrates.
 */
export async function whileDataUnused<T>(
  config: Pick<Config, 'dataDir' | 'databaseUrl'>,
  backupDir: string,
  work: () => Promise<T>,
): Promise<T> {
  if (config.databaseUrl) return whilePostgresUnused(config.databaseUrl, backupDir, work);
  const handle = await openLockFile(config.dataDir);
  try {
    try {
      await exec(handle.db, 'PRAGMA busy_timeout = 0; BEGIN EXCLUSIVE;');
    } catch (error) {
      if (isBusy(error)) throw new DataInUseError(SQLITE_IN_USE(config.dataDir, backupDir));
      throw error;
    }
    const result = await work();
    await exec(handle.db, 'COMMIT;');
    return result;
  } finally {
    await close(handle);
  }
}

async function whilePostgresUnused<T>(
  url: string,
  backupDir: string,
  work: () => Promise<T>,
): Promise<T> {
  const { default: pg } = await import('pg');
  const client = new pg.Client({ connectionString: url });
  client.on('error', () => undefined);
  await client.connect();
  try {
    const { rows } = await client.query<{ free: boolean }>(
      'select pg_try_advisory_lock($1, $2) as free',
      [...IN_USE_LOCK_KEY],
    );
    if (!rows[0]?.free) throw new DataInUseError(POSTGRES_IN_USE(backupDir));
    await client.query('select pg_advisory_lock($1, $2)', [...STARTUP_LOCK_KEY]);
    return await work();
  } finally {
    // Ending the connection releases both locks.
    await client.end().catch(() => undefined);
  }
}
