/**
 * Moves a SQLite site to PostgreSQL (see docs/deploy.md):
 *   npm run db:copy -- --to postgres://user:password@host/database
 * Reads the site in DATA_DIR (stop it first), migrates the target, copies every
 * table and the signed-in sessions. Media stays in DATA_DIR/media.
 */
import dotenv from 'dotenv';
import { parseConfig } from '../config';
import { runCommand } from './run-command';
import { copyToPostgres } from '../db/backup/copy-to-postgres';
import { createLogger } from '../logger';
import { openRuntime } from '../runtime';

const USAGE = 'Usage: npm run db:copy -- --to postgres://user:password@host:5432/database';

async function main(args: string[]): Promise<string> {
  const to = args[0] === '--to' ? args[1] : undefined;
  if (!to || !/^postgres(ql)?:\/\//.test(to) || args.length !== 2) throw new Error(USAGE);
  dotenv.config({ quiet: true });
  const env = { ...process.env, DATABASE_URL: '' };
  const config = parseConfig(env);
  const logger = createLogger({ logLevel: 'warn' });
  // The source brought up to date, then the target: its schema, session table and startup lock.
  const source = await openRuntime(config, logger);
  const target = await openRuntime(parseConfig({ ...env, DATABASE_URL: to }), logger);
  try {
    const report = await copyToPostgres(source.db, target.db, config.dataDir);
    const lines = report.map((r) => `  ${r.table}: ${r.rows}`);
    return [
      'Copied to PostgreSQL:',
      ...lines,
      'Set DATABASE_URL to it and start the site. Media stays in DATA_DIR/media.',
    ].join('\n');
  } finally {
    await Promise.allSettled([source.close(), target.close()]);
  }
}

runCommand(() => main(process.argv.slice(2)), USAGE);
