/**
 * Backups from the shell (see docs/deploy.md):
 *   npm run backup                     back up to DATA_DIR/backups
 *   npm run backup -- --out <folder>   back up to another folder
 *   npm run restore -- <backup folder> put a backup back (stop every instance first)
 */
import path from 'node:path';
import dotenv from 'dotenv';
import { parseConfig } from '../config';
import { runCommand } from './run-command';
import { createBackup, restoreBackup } from '../db/backup/backup';

const USAGE = `Usage:
  npm run backup [-- --out <folder>]   back up the database and media (default: DATA_DIR/backups)
  npm run restore -- <backup folder>   replace the site's data with a backup (stop the site first)`;

async function main(args: string[]): Promise<string> {
  dotenv.config({ quiet: true });
  const config = parseConfig(process.env);
  if (args[0] === 'restore') {
    if (!args[1]) throw new Error(USAGE);
    const { manifest, owner } = await restoreBackup(config, path.resolve(args[1]));
    const given = owner
      ? ` The restored files were given to ${owner.name}, the owner of ${config.dataDir}.`
      : '';
    return `Restored the backup of ${manifest.created_at} (schema at ${manifest.migration}).${given} Start the release that matches it.`;
  }
  let out = path.join(config.dataDir, 'backups');
  if (args[0] === '--out' && args[1]) out = path.resolve(args[1]);
  else if (args.length) throw new Error(USAGE);
  const { dir, manifest } = await createBackup(config, out);
  return `Backup written to ${dir} (${manifest.store}: ${manifest.files.join(', ')})`;
}

runCommand(() => main(process.argv.slice(2)), USAGE);
