import type { Knex } from 'knex';

/**
 * Optional TOTP second factor per user: the active secret, a secret waiting
 * for its first code (setup), the last time step accepted (no code is
 * accepted twice), and one-time recovery codes stored as hashes.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('users', (t) => {
    t.string('totp_secret', 64).nullable();
    t.string('totp_pending_secret', 64).nullable();
    t.bigInteger('totp_last_step').nullable();
  });
  await knex.schema.createTable('recovery_codes', (t) => {
    t.increments('id').primary();
    t.integer('user_id').notNullable().references('id').inTable('users').onDelete('CASCADE');
    t.string('code_hash', 64).notNullable();
    t.timestamp('used_at', { useTz: true }).nullable();
    t.index(['user_id'], 'recovery_codes_user_id_index');
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('recovery_codes');
  await knex.schema.alterTable('users', (t) => {
    t.dropColumn('totp_last_step');
    t.dropColumn('totp_pending_secret');
    t.dropColumn('totp_secret');
  });
}
