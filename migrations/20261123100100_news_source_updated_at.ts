import type { Knex } from 'knex';

/** The source text of an existing article last changed when the article did. */
export async function up(knex: Knex): Promise<void> {
  await knex('news')
    .whereNull('source_updated_at')
    .update({ source_updated_at: knex.ref('updated_at') });
}

export async function down(): Promise<void> {
  // The column goes with the schema migration before this one.
}
