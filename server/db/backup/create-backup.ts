import { chmodSync, cpSync, existsSync, mkdirSync, readdirSync, renameSync, rmSync } from 'node:fs';
import path from 'node:path';
import { dumpDatabase, lastMigration } from './dump-database';
import { MEDIA, reason, UNFINISHED, writeManifest, type Manifest, type Where } from './manifest';

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
 * signed-in sessions or the session secret (dump-database.ts), and the media
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
  files.push(await dumpDatabase(config, dir));
  const media = path.join(config.dataDir, MEDIA);
  if (existsSync(media)) {
    cpSync(media, path.join(dir, MEDIA), { recursive: true, preserveTimestamps: true });
    files.push(`${MEDIA}/`);
  }
  ownerOnly(dir);
  const manifest: Manifest = { format: 1, created_at: now.toISOString(), store, migration, files };
  writeManifest(dir, manifest);
  return manifest;
}
