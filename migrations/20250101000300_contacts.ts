import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('contacts', (t) => {
    t.increments('id').primary();
    t.string('name', 50).notNullable();
    t.text('email').notNullable();
    t.string('company', 100).nullable();
    t.text('message').notNullable();
    t.boolean('read').notNullable().defaultTo(false);
    t.timestamp('created_at', { useTz: true }).notNullable();
    t.index(['read', 'created_at'], 'contacts_read_created_at_index');
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('contacts');
}
