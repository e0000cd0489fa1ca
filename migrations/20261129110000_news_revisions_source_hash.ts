import type { Knex } from 'knex';

/**
 * The source a translation's revision was made from (`source_hash`, as
 * `news_translations.source_hash` had it when the revision was saved), so
 * restoring an older translation brings back its "outdated" marker instead
 * of counting as made from the source as it reads now. Revisions saved
 * before keep none (null): a restore of one counts as outdated.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('news_revisions', (t) => {
    t.string('source_hash', 64).nullable();
  });
}

/** Plain `drop column` in both databases (knex would rebuild the table on SQLite). */
export async function down(knex: Knex): Promise<void> {
  await knex.raw('alter table news_revisions drop column source_hash');
}
