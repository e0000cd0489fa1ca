import path from 'node:path';
import { createDb, sqliteFile } from '../knex';
import { PG_DUMP, type Where } from './manifest';
import { runPgTool } from './pg-tools';
import { backupSqlite, emptyTablesOfCopy } from './sqlite-backup';

/**
 * Who is signed in: the store's sessions (PostgreSQL's `sessions` table, or
 * DATA_DIR/sessions.db) and their index per user. A backup that held them,
 * with the session secret, would let its reader sign in as anyone signed in
 * at the time, so none of it is backed up (a restore signs everyone out).
 */
const SESSION_TABLES = ['sessions', 'user_sessions'];

/** The newest migration the database's schema has: the release it belongs with. */
export async function lastMigration(config: Where): Promise<string | null> {
  const db = createDb(config);
  try {
    const row = (await db('knex_migrations').orderBy('id', 'desc').first('name')) as
      { name: string } | undefined;
    return row?.name ?? null;
  } finally {
    await db.destroy();
  }
}

/**
 * Copies the database into `dir` without the signed-in sessions
 * (SESSION_TABLES) and returns the name of the file written: SQLite through
 * its online backup API (`site.db`), PostgreSQL with pg_dump in its custom
 * format (`database.dump`).
 */
export async function dumpDatabase(config: Where, dir: string): Promise<string> {
  if (config.databaseUrl) {
    const leftOut = SESSION_TABLES.map((table) => `--exclude-table-data=${table}`);
    await runPgTool(
      'pg_dump',
      ['--format=custom', ...leftOut, `--file=${path.join(dir, PG_DUMP)}`],
      config.databaseUrl,
    );
    return PG_DUMP;
  }
  const copy = path.join(dir, 'site.db');
  await backupSqlite(sqliteFile(config.dataDir), copy);
  await emptyTablesOfCopy(
    copy,
    SESSION_TABLES.filter((t) => t !== 'sessions'),
  );
  return 'site.db';
}
