import type { Knex } from 'knex';

/**
 * Slugs an article had while it was public: its old addresses answer 301 to
 * the current one, and no other article takes them without saying so.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('news_slug_history', (t) => {
    t.increments('id').primary();
    t.integer('news_id')
      .unsigned()
      .notNullable()
      .references('id')
      .inTable('news')
      .onDelete('CASCADE');
    t.string('slug', 100).notNullable().unique();
    t.timestamp('created_at', { useTz: true }).notNullable();
    t.index(['news_id'], 'news_slug_history_news_id_index');
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('news_slug_history');
}
