import { existsSync } from 'node:fs';
import path from 'node:path';
import type { Config } from '../config';
import { userName } from '../db/backup/restore-owner';
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

/** What stops a command making or opening DATA_DIR: not there (nor can it be), not this user's. */
const OUT_OF_REACH = new Set(['EACCES', 'EPERM', 'ENOENT', 'EROFS']);

/**
 * `error` as the way out when it is DATA_DIR (or a folder above it) that
 * could not be made or opened; any other error as it is. On a production
 * install systemd makes DATA_DIR (`StateDirectory=`), the site's user's,
 * at the unit's first start: before it, `/var/lib/forge-site` is not there
 * and the site's user may not make it, so a first admin created before the
 * first start failed with a bare `EACCES: permission denied, mkdir …`.
 * `runner` (this process's user) is the one to make the folder for; root
 * is not, so it is then named as the site's user.
 */
export function dataDirError(
  error: unknown,
  dataDir: string,
  runner: number | undefined = process.getuid?.(),
): unknown {
  const { code, path: at } = (error ?? {}) as NodeJS.ErrnoException;
  if (!code || !OUT_OF_REACH.has(code) || !at) return error;
  const dir = path.resolve(dataDir);
  if (at !== dir && !dir.startsWith(at + path.sep)) return error;
  const user = runner === undefined || runner === 0 ? "<the site's user>" : userName(runner);
  const message = error instanceof Error ? error.message : code;
  return new Error(
    `DATA_DIR ${dir} cannot be made or opened (${message}). On a production install ` +
      "systemd makes it for the site's user when the unit first starts (StateDirectory=): " +
      'start the site once first (systemctl start forge-site, or forge-site@<port>), then ' +
      `run this command again; or make it for ${user} first: ` +
      `sudo install -d -o ${user} -m 0700 ${dir}`,
  );
}
