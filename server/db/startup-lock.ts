import type { Config } from '../config';

/**
 * The key of the advisory lock every instance takes while it migrates and
 * creates its first accounts ("forge" + "init" as two ASCII words).
 */
export const STARTUP_LOCK_KEY = [0x666f7267, 0x696e6974] as const;

/**
 * Runs `work` while holding a PostgreSQL session-level advisory lock, on a
 * connection of its own, so instances started at the same moment on one
 * database migrate and create the ADMIN_USERNAME account one after the other:
 * the second waits, then finds everything done. The lock is taken before knex
 * looks for (and creates) its own `knex_migrations` tables, whose creation
 * races otherwise. SQLite needs none: one process owns the file at start.
 * A lost connection releases the lock on the server's side.
 */
export async function underStartupLock<T>(
  config: Pick<Config, 'databaseUrl'>,
  work: () => Promise<T>,
): Promise<T> {
  if (!config.databaseUrl) return work();
  const { default: pg } = await import('pg');
  const client = new pg.Client({ connectionString: config.databaseUrl });
  // An error on the idle lock connection surfaces through the query that follows, not as a crash.
  client.on('error', () => undefined);
  await client.connect();
  try {
    await client.query('select pg_advisory_lock($1, $2)', [...STARTUP_LOCK_KEY]);
    return await work();
  } finally {
    await client.query('select pg_advisory_unlock($1, $2)', [...STARTUP_LOCK_KEY]).catch(() => {});
    await client.end().catch(() => undefined);
  }
}
