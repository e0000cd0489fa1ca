import type { Knex } from 'knex';

/**
 * Articles in several languages: each article keeps one source text (in
 * `source_language`, `en` for every article written before) and gets up to
 * two translations. `source_updated_at` is when the source text last changed,
 * so a translation saved before it is known to be outdated.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('news', (t) => {
    t.string('source_language', 2).notNullable().defaultTo('en');
    t.timestamp('source_updated_at', { useTz: true }).nullable();
  });
  await knex.schema.createTable('news_translations', (t) => {
    t.increments('id').primary();
    t.integer('news_id')
      .unsigned()
      .notNullable()
      .references('id')
      .inTable('news')
      .onDelete('CASCADE');
    t.string('language', 2).notNullable();
    t.string('title', 200).notNullable();
    t.text('excerpt').notNullable();
    t.text('content').notNullable();
    t.timestamp('created_at', { useTz: true }).notNullable();
    t.timestamp('updated_at', { useTz: true }).notNullable();
    t.unique(['news_id', 'language'], { indexName: 'news_translations_news_id_language_unique' });
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('news_translations');
  await knex.schema.alterTable('news', (t) => {
    t.dropColumn('source_updated_at');
    t.dropColumn('source_language');
  });
}
