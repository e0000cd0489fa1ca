import type { Knex } from 'knex';

/**
 * Every saved version of an article's text, per language: who saved it
 * (the account, and its name as it was, kept if the account goes), when,
 * and the title, excerpt, content and image text as saved.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('news_revisions', (t) => {
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
    t.string('image_alt', 300).nullable();
    t.integer('user_id')
      .unsigned()
      .nullable()
      .references('id')
      .inTable('users')
      .onDelete('SET NULL');
    t.string('username', 50).nullable();
    t.timestamp('created_at', { useTz: true }).notNullable();
    t.index(['news_id', 'language', 'id'], 'news_revisions_news_language_index');
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('news_revisions');
}
