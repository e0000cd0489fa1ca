import { lstatSync, readdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import { createBackup } from './create-backup';
import { readManifest, UNFINISHED } from './manifest';

/** The folders createBackup makes: `backup-` and the time, `:` and `.` written as `-`. */
const BACKUP_NAME = /^backup-\d{4}-\d{2}-\d{2}T\d{2}-\d{2}-\d{2}-\d{3}Z$/;

/** Whether `dir` is a real folder (not a link), and still there. */
function isFolder(dir: string): boolean {
  try {
    return lstatSync(dir).isDirectory();
  } catch {
    return false;
  }
}

/** Whether `dir` is a backup this tool made: a real folder of its name, with its manifest. */
function isOurBackup(dir: string): boolean {
  if (!BACKUP_NAME.test(path.basename(dir))) return false;
  try {
    if (!lstatSync(dir).isDirectory()) return false;
    readManifest(dir);
    return true;
  } catch {
    return false;
  }
}

/**
 * Deletes the oldest backups in `outDir` so that `keep` remain, `newest`
 * (the one just written) always among them, and returns the folders
 * deleted. Only folders this tool made are counted and deleted (named
 * `backup-<time>`, holding a readable manifest): anything else there (other
 * files, a half-written backup without its manifest, a symbolic link) is
 * left alone.
 */
export function pruneBackups(outDir: string, keep: number, newest: string): string[] {
  const older = readdirSync(outDir)
    .map((name) => path.join(outDir, name))
    .filter((dir) => dir !== newest && isOurBackup(dir))
    .sort()
    .reverse();
  const removed = older.slice(Math.max(0, keep - 1));
  for (const dir of removed) rmSync(dir, { recursive: true, force: true });
  return removed;
}

/** How long a backup may take: an unfinished one begun longer ago than this was left by a failed run. */
const UNFINISHED_AFTER_MS = 24 * 60 * 60 * 1000;

/** When the backup named `name` (`backup-<time>`, as BACKUP_NAME) began. */
function begunAt(name: string): number {
  const [, date, h, m, s, ms] = /^backup-(.{10})T(\d\d)-(\d\d)-(\d\d)-(\d{3})Z$/.exec(name)!;
  return Date.parse(`${date}T${h}:${m}:${s}.${ms}Z`);
}

/**
 * Deletes the unfinished backups in `outDir` (`backup-<time>.partial`, real
 * folders) that began a day or more before `now`: what a run killed before
 * it could delete its own left behind. A younger one may still be being
 * written by another run, and is left alone. Returns the folders deleted.
 */
export function pruneUnfinished(outDir: string, now: Date): string[] {
  const removed = readdirSync(outDir)
    .filter((name) => name.endsWith(UNFINISHED))
    .map((name) => name.slice(0, -UNFINISHED.length))
    .filter((name) => BACKUP_NAME.test(name))
    .filter((name) => now.getTime() - begunAt(name) >= UNFINISHED_AFTER_MS)
    .map((name) => path.join(outDir, name + UNFINISHED))
    .filter(isFolder)
    .sort();
  for (const dir of removed) rmSync(dir, { recursive: true, force: true });
  return removed;
}

/**
 * A new backup (createBackup), then, once it is whole, the unfinished ones
 * failed runs left a day or more ago (pruneUnfinished), on every run, and
 * with `keep` the oldest backups deleted down to it. Each backup holds every
 * enquiry of its day, those deleted since on a visitor's request too, so
 * keeping a fixed number bounds how long a deletion takes to reach the
 * backups (`keep` × the interval). A backup that fails deletes nothing.
 */
export async function backupKeeping(
  config: Parameters<typeof createBackup>[0],
  outDir: string,
  keep: number | undefined,
  now = new Date(),
) {
  const made = await createBackup(config, outDir, now);
  // A run killed outright cannot delete its own `.partial` folder: without this, on every run,
  // a timer without --keep would gather them, each as large as a backup.
  const unfinished = pruneUnfinished(outDir, now);
  const removed = keep === undefined ? [] : pruneBackups(outDir, keep, made.dir);
  return { ...made, removed, unfinished };
}
