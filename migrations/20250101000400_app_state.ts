import type { Knex } from 'knex';

/** Small facts the application records about itself (for example: demo content was seeded). */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('app_state', (t) => {
    t.string('key', 100).primary();
    t.text('value').notNullable();
    t.timestamp('updated_at', { useTz: true }).notNullable();
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('app_state');
}
