import type { Knex } from 'knex';

/**
 * Uploads beyond pictures: PDF documents and videos. A video keeps the name
 * of its still (`poster`, a picture stored with it and its responsive
 * copies). Large files stored in PostgreSQL go in chunks of 1 MiB
 * (`media_chunks`), so a file is written and served a piece at a time,
 * never held whole in memory.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('media', (t) => {
    t.string('poster', 64).nullable();
  });
  await knex.schema.createTable('media_chunks', (t) => {
    t.integer('media_id')
      .unsigned()
      .notNullable()
      .references('id')
      .inTable('media')
      .onDelete('CASCADE');
    t.string('name', 64).notNullable();
    t.integer('seq').notNullable();
    t.binary('data').notNullable();
    t.primary(['media_id', 'name', 'seq']);
  });
  await knex.schema.createTable('site_media', (t) => {
    t.string('slot', 40).primary();
    t.integer('media_id').unsigned().notNullable().references('id').inTable('media');
    t.timestamp('updated_at', { useTz: true }).notNullable();
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('site_media');
  await knex.schema.dropTable('media_chunks');
  await knex.schema.alterTable('media', (t) => {
    t.dropColumn('poster');
  });
}
