import { existsSync } from 'node:fs';
import type { Config } from '../config';
import { sqliteFile } from '../db/knex';

type Where = Pick<Config, 'dataDir' | 'databaseUrl'>;

/**
 * The store a command acted on, for its success line: `sqlite:` and the
 * database file, or `postgres:` and DATABASE_URL without its password. An
 * operator who ran it without the site's settings sees at once that it
 * worked on some other data.
 */
export function storeName(config: Where): string {
  if (!config.databaseUrl) return `sqlite: ${sqliteFile(config.dataDir)}`;
  try {
    const url = new URL(config.databaseUrl);
    url.password = '';
    url.searchParams.delete('password');
    return `postgres: ${url.toString()}`;
  } catch {
    return 'postgres';
  }
}

/** Whether the site's database is there: always on PostgreSQL (DATABASE_URL names it). */
export function hasSiteDatabase(config: Where): boolean {
  return Boolean(config.databaseUrl) || existsSync(sqliteFile(config.dataDir));
}

/**
 * The shell's commands work on an existing site and never create one: run
 * without the site's settings (as another user, without its environment
 * file), DATA_DIR falls back to ./data, and a new database there would take
 * the admin just created or be what gets backed up, while the site goes on
 * with its own. Only the server creates the SQLite database (on its first
 * start), and `npm run admin -- create` (a first admin); `command` is
 * the built script, named in the way out, and `newSite` how a new site gets
 * its database.
 */
export function requireSiteDatabase(
  config: Where,
  env: Record<string, string | undefined>,
  command: string,
  newSite = 'on a new site, start the server once first',
): void {
  if (hasSiteDatabase(config)) return;
  const file = sqliteFile(config.dataDir);
  const from = env.DATA_DIR?.trim() ? `DATA_DIR=${env.DATA_DIR}` : 'DATA_DIR is not set: ./data';
  throw new Error(
    `No site database at ${file} (${from}), and this command creates none. Run it with the ` +
      "site's settings, as its systemd unit has them: DATA_DIR set to the site's data folder " +
      '(or DATABASE_URL), for example ' +
      `node --env-file=<the site's environment file> dist/server/cli/${command}.js …; ` +
      `${newSite}.`,
  );
}
