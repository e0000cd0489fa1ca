import type { Db } from './knex';
import { migrationSource } from './migrations';

/** Brings the schema up to date; returns the names of the migrations it ran. */
export async function migrateLatest(db: Db): Promise<string[]> {
  const [, applied] = (await db.migrate.latest({
    migrationSource,
    tableName: 'knex_migrations',
  })) as [number, string[]];
  return applied;
}
