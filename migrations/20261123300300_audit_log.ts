import type { Knex } from 'knex';

/**
 * Who did what, when, from where: sign-ins, content and enquiry changes,
 * exports and account changes. `actor` is the username at the time (kept when
 * the account is renamed or removed); `summary` never holds secrets or
 * message bodies.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('audit_log', (t) => {
    t.increments('id').primary();
    t.timestamp('at', { useTz: true }).notNullable();
    t.integer('actor_id').nullable();
    t.string('actor', 100).nullable();
    t.string('action', 60).notNullable();
    t.string('target_type', 30).nullable();
    t.string('target_id', 100).nullable();
    t.string('summary', 300).notNullable().defaultTo('');
    t.string('ip', 64).nullable();
    t.index(['at'], 'audit_log_at_index');
    t.index(['action', 'at'], 'audit_log_action_at_index');
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('audit_log');
}
