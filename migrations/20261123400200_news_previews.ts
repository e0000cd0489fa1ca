import type { Knex } from 'knex';

/**
 * Share links of drafts: `/preview/<token>` shows the article to anyone
 * holding the token until `expires_at`. Only a SHA-256 hash of the token is
 * kept, so the table cannot be read back into working links.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('news_previews', (t) => {
    t.increments('id').primary();
    t.integer('news_id')
      .unsigned()
      .notNullable()
      .references('id')
      .inTable('news')
      .onDelete('CASCADE');
    t.string('token_hash', 64).notNullable().unique();
    t.timestamp('expires_at', { useTz: true }).notNullable();
    t.integer('created_by')
      .unsigned()
      .nullable()
      .references('id')
      .inTable('users')
      .onDelete('SET NULL');
    t.timestamp('created_at', { useTz: true }).notNullable();
    t.index(['news_id'], 'news_previews_news_id_index');
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('news_previews');
}
