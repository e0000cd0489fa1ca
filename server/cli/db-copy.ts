/**
 * Moves a SQLite site to PostgreSQL (see docs/deploy.md):
 *   PGPASSWORD=… npm run db:copy -- --to postgres://user@host/database
 * Reads the site in DATA_DIR (stop it first), migrates the target, copies every
 * table, the uploads' files (into `media_blobs`) and the signed-in sessions.
 * The password comes from PGPASSWORD or ~/.pgpass, never from the command
 * line, which every account on the machine can read.
 */
import dotenv from 'dotenv';
import { parseConfig } from '../config';
import { runCommand } from './run-command';
import { requireSiteDatabase, storeName } from './site-store';
import { copyToPostgres } from '../db/backup/copy-to-postgres';
import { createLogger } from '../logger';
import { openRuntime } from '../runtime';

const USAGE =
  'Usage: PGPASSWORD=<password> npm run db:copy -- --to postgres://user@host:5432/database';

const PASSWORD_IN_ARGS =
  'Leave the password out of the address: the command line is visible to every account on ' +
  'this machine. Put it in PGPASSWORD (read -rs PGPASSWORD && export PGPASSWORD) or in ' +
  `~/.pgpass instead.\n${USAGE}`;

function hasPassword(url: string): boolean {
  try {
    const parsed = new URL(url);
    return parsed.password !== '' || parsed.searchParams.has('password');
  } catch {
    return false;
  }
}

async function main(args: string[]): Promise<string> {
  const to = args[0] === '--to' ? args[1] : undefined;
  if (!to || !/^postgres(ql)?:\/\//.test(to) || args.length !== 2) throw new Error(USAGE);
  if (hasPassword(to)) throw new Error(PASSWORD_IN_ARGS);
  dotenv.config({ quiet: true });
  const env = { ...process.env, DATABASE_URL: '' };
  const config = parseConfig(env);
  requireSiteDatabase(config, env, 'db-copy');
  const logger = createLogger({ logLevel: 'warn' });
  // The source brought up to date, then the target: its schema, session table and startup lock.
  // (node-postgres reads PGPASSWORD and ~/.pgpass itself.)
  const source = await openRuntime(config, logger);
  const targetConfig = parseConfig({ ...env, DATABASE_URL: to });
  const target = await openRuntime(targetConfig, logger);
  try {
    const { report, missing } = await copyToPostgres(source.db, target.db, config.dataDir);
    const lines = report.map((r) => `  ${r.table}: ${r.rows}`);
    return [
      `Copied the site (${storeName(config)}) to PostgreSQL (${storeName(targetConfig)}):`,
      ...lines,
      ...(missing.length
        ? [
            `Media files missing in DATA_DIR/media (they answered 404 before): ${missing.join(', ')}`,
          ]
        : []),
      'Set DATABASE_URL to it and start the site: uploads are served from the database now.',
    ].join('\n');
  } finally {
    await Promise.allSettled([source.close(), target.close()]);
  }
}

runCommand(() => main(process.argv.slice(2)), USAGE);
