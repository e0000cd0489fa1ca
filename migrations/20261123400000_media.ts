import type { Knex } from 'knex';

/**
 * Uploaded images. `media` holds one row per upload (its main file's size
 * and type, the uploaded name, who and when); `media_variants` one row per
 * file made from it (the main file in its own format and the responsive
 * AVIF and WebP copies). The bytes live in files under DATA_DIR/media, or,
 * with PostgreSQL, in `media_blobs`, so several instances share them.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('media', (t) => {
    t.increments('id').primary();
    t.string('hash', 16).notNullable();
    t.string('type', 20).notNullable();
    t.integer('width').notNullable();
    t.integer('height').notNullable();
    t.integer('bytes').notNullable();
    t.string('name', 255).notNullable();
    t.integer('created_by')
      .unsigned()
      .nullable()
      .references('id')
      .inTable('users')
      .onDelete('SET NULL');
    t.timestamp('created_at', { useTz: true }).notNullable();
    t.index(['created_at'], 'media_created_at_index');
  });
  await knex.schema.createTable('media_variants', (t) => {
    t.integer('media_id')
      .unsigned()
      .notNullable()
      .references('id')
      .inTable('media')
      .onDelete('CASCADE');
    t.string('name', 64).notNullable();
    t.string('type', 20).notNullable();
    t.integer('width').notNullable();
    t.integer('height').notNullable();
    t.integer('bytes').notNullable();
    t.primary(['media_id', 'name']);
  });
  await knex.schema.createTable('media_blobs', (t) => {
    t.integer('media_id')
      .unsigned()
      .notNullable()
      .references('id')
      .inTable('media')
      .onDelete('CASCADE');
    t.string('name', 64).notNullable();
    t.binary('data').notNullable();
    t.primary(['media_id', 'name']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('media_blobs');
  await knex.schema.dropTable('media_variants');
  await knex.schema.dropTable('media');
}
