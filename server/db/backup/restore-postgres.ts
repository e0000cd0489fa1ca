import { createDb } from '../knex';
import { reason } from './manifest';
import { runPgTool } from './pg-tools';

/** Where the site's schema waits while a dump is restored, to come back if the restore fails. */
const SCHEMA_BEFORE = 'forge_before_restore';

/** A restore that stopped before it replaced anything: the site's data is as it was. */
export class NothingChanged extends Error {}

async function onDatabase(url: string, work: (db: ReturnType<typeof createDb>) => Promise<void>) {
  const db = createDb({ dataDir: '', databaseUrl: url });
  try {
    await work(db);
  } finally {
    await db.destroy();
  }
}

/**
 * Replaces the schema of DATABASE_URL's database with the dump (every table,
 * as it was), in one transaction. The site's own schema is set aside first
 * and dropped only once the dump is in; a dump that fails half way (cut
 * short, from a newer pg_dump) puts it back as it was (NothingChanged).
 */
export async function restorePostgres(url: string, dump: string): Promise<void> {
  await onDatabase(url, async (db) => {
    await db.raw(`drop schema if exists ${SCHEMA_BEFORE} cascade`);
    const { rows } = (await db.raw("select 1 from pg_namespace where nspname = 'public'")) as {
      rows: unknown[];
    };
    if (rows.length > 0) await db.raw(`alter schema public rename to ${SCHEMA_BEFORE}`);
    await db.raw('create schema public');
  });
  try {
    await runPgTool(
      'pg_restore',
      ['--no-owner', '--no-privileges', '--exit-on-error', '--single-transaction', dump],
      url,
    );
  } catch (error) {
    await onDatabase(url, async (db) => {
      await db.raw('drop schema public cascade');
      await db.raw(`alter schema ${SCHEMA_BEFORE} rename to public`);
    });
    throw new NothingChanged(
      `The backup's database could not be restored (${reason(error)}). Nothing was changed.`,
    );
  }
  await onDatabase(url, (db) => db.raw(`drop schema if exists ${SCHEMA_BEFORE} cascade`));
}
