import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('news', (t) => {
    t.increments('id').primary();
    t.string('title', 200).notNullable();
    t.text('excerpt').notNullable();
    t.text('content').notNullable();
    t.string('category', 60).notNullable();
    t.string('slug', 100).notNullable().unique();
    t.text('image_url').nullable();
    t.boolean('published').notNullable().defaultTo(false);
    t.timestamp('published_at', { useTz: true }).nullable();
    t.timestamp('created_at', { useTz: true }).notNullable();
    t.timestamp('updated_at', { useTz: true }).notNullable();
    t.index(['published', 'published_at'], 'news_published_published_at_index');
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('news');
}
