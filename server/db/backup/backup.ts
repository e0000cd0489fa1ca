import {
  chmodSync,
  cpSync,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import path from 'node:path';
import type { Config } from '../../config';
import { ensureDataDir } from '../data-dir';
import { IN_USE_FILE, whileDataUnused } from '../in-use';
import { createDb, sqliteFile } from '../knex';
import { SESSIONS_FILE } from '../session-store';
import { runPgTool } from './pg-tools';
import { giveTo, restoreOwner, type Owner } from './restore-owner';
import { backupSqlite, checkSqliteFile, emptyTablesOfCopy } from './sqlite-backup';

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

const reason = (error: unknown) => (error instanceof Error ? error.message : String(error));

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

/** What a backup's folder is called while it is written: renamed to its own name once whole. */
export const UNFINISHED = '.partial';

/**
 * A backup of the site in a new folder under `outDir`, readable by its
 * owner alone (0700, files 0600): the database (SQLite through the online
 * backup API; PostgreSQL with pg_dump in its custom format) without the
 * signed-in sessions (SESSION_TABLES) or the session secret, and the media
 * store under DATA_DIR/media when there is one, with a manifest naming the
 * store and the schema's newest migration.
 *
 * It is written as `backup-<time>.partial`, the manifest last, and renamed
 * to `backup-<time>` only once whole: a backup that fails (a full disk, a
 * database error, an unreadable upload) deletes its folder and says why, so
 * no half-written backup is ever taken for one. A run killed outright leaves
 * its `.partial` folder, which restores refuse and pruning deletes later.
 */
export async function createBackup(config: Where, outDir: string, now = new Date()) {
  const stamp = now.toISOString().replace(/[:.]/g, '-');
  const dir = path.join(outDir, `backup-${stamp}`);
  const partial = dir + UNFINISHED;
  let started = false;
  try {
    mkdirSync(outDir, { recursive: true, mode: 0o700 });
    mkdirSync(partial, { mode: 0o700 });
    started = true;
    const manifest = await writeBackup(config, partial, now);
    renameSync(partial, dir);
    return { dir, manifest };
  } catch (error) {
    const why = `Could not write a backup to ${outDir} (${reason(error)})`;
    try {
      if (started) rmSync(partial, { recursive: true, force: true });
    } catch {
      throw new Error(`${why}, nor delete what it wrote: delete ${partial} by hand.`);
    }
    throw new Error(`${why}. Nothing of it was kept.`);
  }
}

/** Writes the backup's files into `dir`, the manifest last, and returns the manifest. */
async function writeBackup(config: Where, dir: string, now: Date): Promise<Manifest> {
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
  ownerOnly(dir);
  const manifest: Manifest = { format: 1, created_at: now.toISOString(), store, migration, files };
  writeFileSync(path.join(dir, MANIFEST), `${JSON.stringify(manifest, null, 2)}\n`, {
    mode: 0o600,
  });
  return manifest;
}

export function readManifest(dir: string): Manifest {
  const file = path.join(dir, MANIFEST);
  if (!existsSync(file)) throw new Error(`${dir} is not a backup (no ${MANIFEST})`);
  const manifest = JSON.parse(readFileSync(file, 'utf8')) as Manifest;
  if (manifest.format !== 1) throw new Error(`${file}: unknown backup format`);
  return manifest;
}

/** Where the site's schema waits while a dump is restored, to come back if the restore fails. */
const SCHEMA_BEFORE = 'forge_before_restore';

/** A restore that stopped before it replaced anything: the site's data is as it was. */
class NothingChanged extends Error {}

async function onDatabase(url: string, work: (db: ReturnType<typeof createDb>) => Promise<void>) {
  const db = createDb({ dataDir: '', databaseUrl: url });
  try {
    await work(db);
  } finally {
    await db.destroy();
  }
}

/**
 * Replaces the schema of DATABASE_URL's database with the dump (every table,
 * as it was), in one transaction. The site's own schema is set aside first
 * and dropped only once the dump is in; a dump that fails half way (cut
 * short, from a newer pg_dump) puts it back as it was (NothingChanged).
 */
async function restorePostgres(url: string, dump: string): Promise<void> {
  await onDatabase(url, async (db) => {
    await db.raw(`drop schema if exists ${SCHEMA_BEFORE} cascade`);
    const { rows } = (await db.raw("select 1 from pg_namespace where nspname = 'public'")) as {
      rows: unknown[];
    };
    if (rows.length > 0) await db.raw(`alter schema public rename to ${SCHEMA_BEFORE}`);
    await db.raw('create schema public');
  });
  try {
    await runPgTool(
      'pg_restore',
      ['--no-owner', '--no-privileges', '--exit-on-error', '--single-transaction', dump],
      url,
    );
  } catch (error) {
    await onDatabase(url, async (db) => {
      await db.raw('drop schema public cascade');
      await db.raw(`alter schema ${SCHEMA_BEFORE} rename to public`);
    });
    throw new NothingChanged(
      `The backup's database could not be restored (${reason(error)}). Nothing was changed.`,
    );
  }
  await onDatabase(url, (db) => db.raw(`drop schema if exists ${SCHEMA_BEFORE} cascade`));
}

/**
 * Throws, before anything is changed, unless the backup is whole: every
 * file its manifest names is there, and its database reads (SQLite's
 * quick_check; pg_restore reading the dump's table of contents).
 */
async function checkBackup(config: Where, dir: string, manifest: Manifest): Promise<void> {
  for (const name of manifest.files) {
    if (!existsSync(path.join(dir, name))) {
      throw new Error(`${path.join(dir, name)} is missing. Nothing was changed.`);
    }
  }
  try {
    if (manifest.files.includes('site.db')) await checkSqliteFile(path.join(dir, 'site.db'));
    if (config.databaseUrl && manifest.files.includes(PG_DUMP)) {
      await runPgTool('pg_restore', ['--list', path.join(dir, PG_DUMP)], config.databaseUrl);
    }
  } catch (error) {
    throw new Error(
      `The backup's database cannot be read (${reason(error)}). Nothing was changed.`,
    );
  }
}

/**
 * Puts a backup back in place of the current site. Refuses, changing
 * nothing, while a server uses the data (every instance must be stopped
 * first: in-use.ts), and when run by someone other than DATA_DIR's owner or
 * root (restore-owner.ts; root gives every file it writes there to that
 * owner, named in `owner`). The store must be the backup's (a SQLite backup
 * goes to DATA_DIR, a PostgreSQL one to DATABASE_URL); media is replaced
 * when the backup holds some. Sessions are not in a backup: everyone signs
 * in again.
 */
export async function restoreBackup(
  config: Where,
  dir: string,
  runner = process.getuid?.(),
): Promise<{ manifest: Manifest; owner: Owner | null }> {
  if (path.basename(dir).endsWith(UNFINISHED)) {
    throw new Error(
      `${dir} is an unfinished backup (its run failed or is still writing it): ` +
        'restore a folder named backup-<time>. Nothing was changed.',
    );
  }
  const manifest = readManifest(dir);
  const store = config.databaseUrl ? 'postgres' : 'sqlite';
  if (manifest.store !== store) {
    throw new Error(
      manifest.store === 'postgres'
        ? 'This backup is of a PostgreSQL site: set DATABASE_URL to the database to restore into'
        : 'This backup is of a SQLite site: unset DATABASE_URL to restore it into DATA_DIR',
    );
  }
  await checkBackup(config, dir, manifest);
  const intoDataDir = !config.databaseUrl || manifest.files.includes(`${MEDIA}/`);
  const owner = intoDataDir ? restoreOwner(config.dataDir, dir, runner) : null;
  return whileDataUnused(config, async () => {
    await putBack(config, dir, manifest, owner);
    return { manifest, owner };
  });
}

/** Where a restore copies the backup's files in DATA_DIR before it swaps them in. */
const INCOMING = '.restoring';
/** Where the site's media waits while the backup's is renamed into its place. */
const REPLACED = '.replaced';

/**
 * Replaces the site's data with the backup's, in two steps. First every
 * file is copied in beside the live data (`site.db.restoring`,
 * `media.restoring`) and given to `owner` when there is one: a copy that
 * fails (a full disk, an I/O error) is deleted and the site is as it was. Then each is swapped in, the database
 * first (a rename; PostgreSQL: the dump restored in one transaction) and the
 * media second (renames), so only a rename can still fail once the
 * database is the backup's, and the message says to run the restore again.
 */
async function putBack(
  config: Where,
  dir: string,
  manifest: Manifest,
  owner: Owner | null,
): Promise<void> {
  const live = (name: string) => path.join(config.dataDir, name);
  const media = manifest.files.includes(`${MEDIA}/`);
  const copies = [...(config.databaseUrl ? [] : ['site.db']), ...(media ? [MEDIA] : [])];
  if (copies.length > 0) ensureDataDir(config.dataDir);
  const removeCopies = () => {
    for (const name of copies) rmSync(live(name + INCOMING), { recursive: true, force: true });
  };
  /** After a failure: a copy that cannot be deleted either is deleted by the next restore. */
  const dropCopies = () => {
    try {
      removeCopies();
    } catch {
      // The failure that brought us here is the one to report.
    }
  };

  try {
    removeCopies();
    for (const name of copies) {
      cpSync(path.join(dir, name), live(name + INCOMING), {
        recursive: true,
        preserveTimestamps: true,
      });
      if (owner) giveTo(owner, live(name + INCOMING));
    }
    // The lock file this restore may have created (SQLite) is the server's too.
    if (owner && !config.databaseUrl && existsSync(live(IN_USE_FILE))) {
      giveTo(owner, live(IN_USE_FILE));
    }
  } catch (error) {
    dropCopies();
    throw new Error(
      `Could not copy the backup into ${config.dataDir} (${reason(error)}). Nothing was changed.`,
    );
  }

  try {
    if (config.databaseUrl) {
      await restorePostgres(config.databaseUrl, path.join(dir, PG_DUMP));
    } else {
      // The old file's WAL must not meet the new one; the sessions go (everyone signs in again).
      const stale = ['', '-wal', '-shm'].map((suffix) => SESSIONS_FILE + suffix);
      for (const name of [...stale, 'site.db-wal', 'site.db-shm']) {
        rmSync(live(name), { force: true });
      }
      renameSync(live(`site.db${INCOMING}`), live('site.db'));
    }
  } catch (error) {
    dropCopies();
    if (error instanceof NothingChanged) throw error;
    throw new Error(
      `The restore stopped while replacing the database (${reason(error)}): ` +
        'run npm run restore again.',
    );
  }

  if (!media) return;
  const old = live(MEDIA + REPLACED);
  try {
    rmSync(old, { recursive: true, force: true });
    if (existsSync(live(MEDIA))) renameSync(live(MEDIA), old);
    renameSync(live(MEDIA + INCOMING), live(MEDIA));
  } catch (error) {
    throw new Error(
      `The database was replaced by the backup's, but the media was not (${reason(error)}): ` +
        'run npm run restore again.',
    );
  }
  try {
    rmSync(old, { recursive: true, force: true });
  } catch (error) {
    throw new Error(
      `The backup was restored, but the site's old media could not be deleted ` +
        `(${reason(error)}): delete ${old} by hand.`,
    );
  }
}
