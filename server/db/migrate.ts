import { fileURLToPath } from 'node:url';
import type { Db } from './knex';

/** The knex migrations folder (TypeScript files, run under tsx). */
export const MIGRATIONS_DIR = fileURLToPath(new URL('../../migrations', import.meta.url));

/** Brings the schema up to date; returns the names of the migrations it ran. */
export async function migrateLatest(db: Db): Promise<string[]> {
  const [, applied] = (await db.migrate.latest({
    directory: MIGRATIONS_DIR,
    loadExtensions: ['.ts'],
    tableName: 'knex_migrations',
  })) as [number, string[]];
  return applied;
}
