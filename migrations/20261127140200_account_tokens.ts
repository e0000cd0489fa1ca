import type { Knex } from 'knex';

/**
 * One-time links sent to people: invitations (an address and a role, no
 * account yet), password resets and confirmations of a new e-mail address
 * (both for an account). Only a SHA-256 hash of each token is kept, so the
 * table cannot be read back into working links. A link works until
 * `expires_at`, once (`used_at`).
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('account_tokens', (t) => {
    t.increments('id').primary();
    t.string('kind', 20).notNullable();
    t.string('token_hash', 64).notNullable().unique();
    t.integer('user_id')
      .unsigned()
      .nullable()
      .references('id')
      .inTable('users')
      .onDelete('CASCADE');
    t.string('email', 254).notNullable();
    t.string('role', 16).nullable();
    t.string('language', 2).notNullable();
    t.integer('created_by')
      .unsigned()
      .nullable()
      .references('id')
      .inTable('users')
      .onDelete('SET NULL');
    t.timestamp('created_at', { useTz: true }).notNullable();
    t.timestamp('expires_at', { useTz: true }).notNullable();
    t.timestamp('used_at', { useTz: true }).nullable();
    t.index(['kind', 'email'], 'account_tokens_kind_email_index');
    t.index(['user_id'], 'account_tokens_user_id_index');
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('account_tokens');
}
