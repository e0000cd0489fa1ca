import type { Knex } from 'knex';

/**
 * An index of the signed-in sessions of each user, beside the session store:
 * lets a user see their sessions and end them, and lets a password change end
 * every other one. `handle` is what the API shows; `sid` (the store's id) never
 * leaves the server.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('user_sessions', (t) => {
    t.string('handle', 32).primary();
    t.string('sid', 255).notNullable().unique();
    t.integer('user_id').notNullable().references('id').inTable('users').onDelete('CASCADE');
    t.string('device', 100).notNullable();
    t.string('ip', 64).notNullable();
    t.timestamp('created_at', { useTz: true }).notNullable();
    t.timestamp('last_seen_at', { useTz: true }).notNullable();
    t.index(['user_id'], 'user_sessions_user_id_index');
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('user_sessions');
}
