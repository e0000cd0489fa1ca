import {
  chmodSync,
  cpSync,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import path from 'node:path';
import type { Config } from '../../config';
import { ensureDataDir } from '../data-dir';
import { whileDataUnused } from '../in-use';
import { createDb, sqliteFile } from '../knex';
import { SESSIONS_FILE } from '../session-store';
import { runPgTool } from './pg-tools';
import { backupSqlite, emptyTablesOfCopy } from './sqlite-backup';

export const MANIFEST = 'manifest.json';
const PG_DUMP = 'database.dump';
const MEDIA = 'media';
/**
 * Who is signed in: the store's sessions (PostgreSQL's `sessions` table, or
 * DATA_DIR/sessions.db) and their index per user. A backup that held them,
 * with the session secret, would let its reader sign in as anyone signed in
 * at the time, so none of it is backed up (a restore signs everyone out).
 */
const SESSION_TABLES = ['sessions', 'user_sessions'];

export type Manifest = {
  format: 1;
  created_at: string;
  store: 'sqlite' | 'postgres';
  /** The newest migration the backed-up schema has: the release it belongs with. */
  migration: string | null;
  files: string[];
};

type Where = Pick<Config, 'dataDir' | 'databaseUrl'>;

async function lastMigration(config: Where): Promise<string | null> {
  const db = createDb(config);
  try {
    const row = (await db('knex_migrations').orderBy('id', 'desc').first('name')) as
      { name: string } | undefined;
    return row?.name ?? null;
  } finally {
    await db.destroy();
  }
}

/** Folders 0700 and files 0600 under `dir`: a backup holds what DATA_DIR holds. */
function ownerOnly(dir: string): void {
  chmodSync(dir, 0o700);
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) ownerOnly(full);
    else chmodSync(full, 0o600);
  }
}

/**
 * A backup of the site in a new folder under `outDir`, readable by its
 * owner alone (0700, files 0600): the database (SQLite through the online
 * backup API; PostgreSQL with pg_dump in its custom format) without the
 * signed-in sessions (SESSION_TABLES) or the session secret, and the media
 * store under DATA_DIR/media when there is one, with a manifest naming the
 * store and the schema's newest migration.
 */
export async function createBackup(config: Where, outDir: string, now = new Date()) {
  const stamp = now.toISOString().replace(/[:.]/g, '-');
  const dir = path.join(outDir, `backup-${stamp}`);
  mkdirSync(outDir, { recursive: true, mode: 0o700 });
  mkdirSync(dir, { mode: 0o700 });
  const files: string[] = [];
  const store = config.databaseUrl ? 'postgres' : 'sqlite';
  const migration = await lastMigration(config);
  if (config.databaseUrl) {
    const leftOut = SESSION_TABLES.map((table) => `--exclude-table-data=${table}`);
    await runPgTool(
      'pg_dump',
      ['--format=custom', ...leftOut, `--file=${path.join(dir, PG_DUMP)}`],
      config.databaseUrl,
    );
    files.push(PG_DUMP);
  } else {
    const copy = path.join(dir, 'site.db');
    await backupSqlite(sqliteFile(config.dataDir), copy);
    await emptyTablesOfCopy(
      copy,
      SESSION_TABLES.filter((t) => t !== 'sessions'),
    );
    files.push('site.db');
  }
  const media = path.join(config.dataDir, MEDIA);
  if (existsSync(media)) {
    cpSync(media, path.join(dir, MEDIA), { recursive: true, preserveTimestamps: true });
    files.push(`${MEDIA}/`);
  }
  const manifest: Manifest = { format: 1, created_at: now.toISOString(), store, migration, files };
  writeFileSync(path.join(dir, MANIFEST), `${JSON.stringify(manifest, null, 2)}\n`, {
    mode: 0o600,
  });
  ownerOnly(dir);
  return { dir, manifest };
}

export function readManifest(dir: string): Manifest {
  const file = path.join(dir, MANIFEST);
  if (!existsSync(file)) throw new Error(`${dir} is not a backup (no ${MANIFEST})`);
  const manifest = JSON.parse(readFileSync(file, 'utf8')) as Manifest;
  if (manifest.format !== 1) throw new Error(`${file}: unknown backup format`);
  return manifest;
}

/** Replaces the schema of DATABASE_URL's database with the dump (every table, as it was). */
async function restorePostgres(url: string, dump: string): Promise<void> {
  const db = createDb({ dataDir: '', databaseUrl: url });
  try {
    await db.raw('drop schema if exists public cascade');
    await db.raw('create schema public');
  } finally {
    await db.destroy();
  }
  await runPgTool('pg_restore', ['--no-owner', '--no-privileges', '--exit-on-error', dump], url);
}

/**
 * Puts a backup back in place of the current site. Refuses, changing
 * nothing, while a server uses the data (every instance must be stopped
 * first: in-use.ts). The store must be the backup's (a SQLite backup goes to
 * DATA_DIR, a PostgreSQL one to DATABASE_URL); media is replaced when the
 * backup holds some. Sessions are not in a backup: everyone signs in again.
 */
export async function restoreBackup(config: Where, dir: string): Promise<Manifest> {
  const manifest = readManifest(dir);
  const store = config.databaseUrl ? 'postgres' : 'sqlite';
  if (manifest.store !== store) {
    throw new Error(
      manifest.store === 'postgres'
        ? 'This backup is of a PostgreSQL site: set DATABASE_URL to the database to restore into'
        : 'This backup is of a SQLite site: unset DATABASE_URL to restore it into DATA_DIR',
    );
  }
  return whileDataUnused(config, async () => {
    await putBack(config, dir, manifest);
    return manifest;
  });
}

async function putBack(config: Where, dir: string, manifest: Manifest): Promise<void> {
  if (config.databaseUrl) {
    await restorePostgres(config.databaseUrl, path.join(dir, PG_DUMP));
  } else {
    ensureDataDir(config.dataDir);
    for (const name of ['site.db', SESSIONS_FILE]) {
      for (const suffix of ['', '-wal', '-shm']) {
        rmSync(path.join(config.dataDir, name + suffix), { force: true });
      }
    }
    for (const name of manifest.files.filter((f) => !f.endsWith('/'))) {
      cpSync(path.join(dir, name), path.join(config.dataDir, name), { preserveTimestamps: true });
    }
  }
  if (manifest.files.includes(`${MEDIA}/`)) {
    rmSync(path.join(config.dataDir, MEDIA), { recursive: true, force: true });
    cpSync(path.join(dir, MEDIA), path.join(config.dataDir, MEDIA), { recursive: true });
  }
}
