import { cpSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Config } from '../../config';
import { createDb, sqliteFile } from '../knex';
import { SECRET_FILE } from '../session-secret';
import { SESSIONS_FILE } from '../session-store';
import { runPgTool } from './pg-tools';
import { backupSqlite } from './sqlite-backup';

export const MANIFEST = 'manifest.json';
const PG_DUMP = 'database.dump';
const MEDIA = 'media';

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

/**
 * A backup of the whole site in a new folder under `outDir`: the database
 * (SQLite through the online backup API, site and sessions, plus the session
 * secret; PostgreSQL with pg_dump in its custom format, sessions included)
 * and the media store under DATA_DIR/media when there is one, with a
 * manifest naming the store and the schema's newest migration.
 */
export async function createBackup(config: Where, outDir: string, now = new Date()) {
  const stamp = now.toISOString().replace(/[:.]/g, '-');
  const dir = path.join(outDir, `backup-${stamp}`);
  mkdirSync(dir, { recursive: true });
  const files: string[] = [];
  const store = config.databaseUrl ? 'postgres' : 'sqlite';
  const migration = await lastMigration(config);
  if (config.databaseUrl) {
    await runPgTool(
      'pg_dump',
      ['--format=custom', `--file=${path.join(dir, PG_DUMP)}`],
      config.databaseUrl,
    );
    files.push(PG_DUMP);
  } else {
    await backupSqlite(sqliteFile(config.dataDir), path.join(dir, 'site.db'));
    files.push('site.db');
    const sessions = path.join(config.dataDir, SESSIONS_FILE);
    if (existsSync(sessions)) {
      await backupSqlite(sessions, path.join(dir, SESSIONS_FILE));
      files.push(SESSIONS_FILE);
    }
    const secret = path.join(config.dataDir, SECRET_FILE);
    if (existsSync(secret)) {
      cpSync(secret, path.join(dir, SECRET_FILE), { preserveTimestamps: true });
      files.push(SECRET_FILE);
    }
  }
  const media = path.join(config.dataDir, MEDIA);
  if (existsSync(media)) {
    cpSync(media, path.join(dir, MEDIA), { recursive: true, preserveTimestamps: true });
    files.push(`${MEDIA}/`);
  }
  const manifest: Manifest = { format: 1, created_at: now.toISOString(), store, migration, files };
  writeFileSync(path.join(dir, MANIFEST), `${JSON.stringify(manifest, null, 2)}\n`);
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
 * Puts a backup back in place of the current site: every instance must be
 * stopped first. The store must be the backup's (a SQLite backup goes to
 * DATA_DIR, a PostgreSQL one to DATABASE_URL); media is replaced when the
 * backup holds some.
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
  if (config.databaseUrl) {
    await restorePostgres(config.databaseUrl, path.join(dir, PG_DUMP));
  } else {
    mkdirSync(config.dataDir, { recursive: true });
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
  return manifest;
}
