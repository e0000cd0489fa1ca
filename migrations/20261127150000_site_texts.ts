import type { Knex } from 'knex';

/**
 * Site texts the company changed: one row per catalogue key and language
 * that no longer shows the catalogue's text. A key without a row shows the
 * catalogue (`locales/*.json`), so a fresh install looks as before.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('site_texts', (t) => {
    t.string('key', 200).notNullable();
    t.string('language', 2).notNullable();
    t.text('value').notNullable();
    t.integer('updated_by')
      .unsigned()
      .nullable()
      .references('id')
      .inTable('users')
      .onDelete('SET NULL');
    t.timestamp('updated_at', { useTz: true }).notNullable();
    t.primary(['key', 'language']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('site_texts');
}
