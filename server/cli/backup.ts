/**
 * Backups from the shell (see docs/deploy.md):
 *   npm run backup                     back up to DATA_DIR/backups
 *   npm run backup -- --out <folder>   back up to another folder
 *   npm run backup -- --keep <n>       then delete the oldest backups there, keeping n
 *                                      (every run deletes what failed backups left a day or more ago)
 *   npm run restore -- <backup folder> put a backup back (stop every instance first)
 */
import path from 'node:path';
import { parseArgs } from 'node:util';
import dotenv from 'dotenv';
import { parseConfig } from '../config';
import { runCommand } from './run-command';
import { dataDirError, requireSiteDatabase, storeName } from './site-store';
import { restoreBackup } from '../db/backup/restore-backup';
import { backupKeeping } from '../db/backup/prune';

const USAGE = `Usage:
  npm run backup [-- --out <folder>]   back up the database and media (default: DATA_DIR/backups)
    [--keep <n>]                       then delete the oldest backups made there, keeping n
  npm run restore -- <backup folder>   replace the site's data with a backup (stop the site first)`;

async function main(args: string[]): Promise<string> {
  dotenv.config({ quiet: true });
  const config = parseConfig(process.env);
  if (args[0] === 'restore') {
    if (!args[1]) throw new Error(USAGE);
    const { manifest, owner } = await restoreBackup(config, path.resolve(args[1])).catch(
      (error: unknown) => {
        throw dataDirError(error, config.dataDir);
      },
    );
    const given = owner
      ? ` The restored files were given to ${owner.name}, the owner of ${config.dataDir}.`
      : '';
    return `Restored the backup of ${manifest.created_at} (schema at ${manifest.migration}) into the site (${storeName(config)}).${given} Start the release that matches it.`;
  }
  const { out, keep } = backupOptions(args);
  // A restore may fill an empty DATA_DIR (a new machine); a backup of a database that is not there
  // would back up an empty one made for it.
  requireSiteDatabase(config, process.env, 'backup');
  const { dir, manifest, removed, unfinished } = await backupKeeping(
    config,
    out ?? path.join(config.dataDir, 'backups'),
    keep,
  );
  const lines = [
    `Backup written to ${dir} (${manifest.files.join(', ')}) from the site (${storeName(config)})`,
  ];
  if (keep !== undefined) {
    const names = removed.map((r) => path.basename(r)).join(', ');
    lines.push(
      `Keeping the ${keep} newest: ${removed.length ? `deleted ${names}` : 'none deleted'}`,
    );
  }
  if (unfinished.length > 0) {
    const left = unfinished.map((r) => path.basename(r)).join(', ');
    lines.push(`Deleted what failed backups left a day or more ago: ${left}`);
  }
  return lines.join('\n');
}

/** `--out <folder>` and `--keep <n>` (a whole number, 1 or more), in any order. */
function backupOptions(args: string[]): { out?: string; keep?: number } {
  let values: { out?: string; keep?: string };
  try {
    ({ values } = parseArgs({
      args,
      options: { out: { type: 'string' }, keep: { type: 'string' } },
    }));
  } catch {
    throw new Error(USAGE);
  }
  if (values.out === '') throw new Error(USAGE);
  if (values.keep !== undefined && !/^[1-9]\d*$/.test(values.keep)) throw new Error(USAGE);
  return {
    out: values.out === undefined ? undefined : path.resolve(values.out),
    keep: values.keep === undefined ? undefined : Number(values.keep),
  };
}

runCommand(() => main(process.argv.slice(2)), USAGE);
