import { cpSync, existsSync, renameSync, rmSync } from 'node:fs';
import path from 'node:path';
import { ensureDataDir } from '../data-dir';
import { IN_USE_FILE, whileDataUnused } from '../in-use';
import { SESSIONS_FILE } from '../session-store';
import {
  MEDIA,
  PG_DUMP,
  readManifest,
  reason,
  UNFINISHED,
  type Manifest,
  type Where,
} from './manifest';
import { restoreCommand } from '../../operator-commands';
import { runPgTool } from './pg-tools';
import { giveTo, restoreOwner, type Owner } from './restore-owner';
import { NothingChanged, restorePostgres } from './restore-postgres';
import { checkSqliteFile } from './sqlite-backup';

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
  return whileDataUnused(config, dir, async () => {
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
        `run it again: ${restoreCommand(dir)}.`,
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
        `run the restore again: ${restoreCommand(dir)}.`,
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
