import type { Knex } from 'knex';

/**
 * The durable outbox: one row per e-mail, written in the same transaction as
 * the enquiry it belongs to and sent by a background worker. A row is due
 * when `status` is pending, `next_attempt_at` has passed and no worker holds
 * its lease (`lease_owner` until `lease_until`).
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('mail_outbox', (t) => {
    t.increments('id').primary();
    t.string('kind', 20).notNullable();
    t.integer('contact_id')
      .unsigned()
      .nullable()
      .references('id')
      .inTable('contacts')
      .onDelete('CASCADE');
    t.text('recipient').notNullable();
    t.string('language', 2).notNullable();
    t.text('content').notNullable();
    t.string('status', 10).notNullable().defaultTo('pending');
    t.integer('attempts').notNullable().defaultTo(0);
    t.timestamp('next_attempt_at', { useTz: true }).notNullable();
    t.string('lease_owner', 64).nullable();
    t.timestamp('lease_until', { useTz: true }).nullable();
    t.text('last_error').nullable();
    t.timestamp('last_error_at', { useTz: true }).nullable();
    t.timestamp('sent_at', { useTz: true }).nullable();
    t.timestamp('created_at', { useTz: true }).notNullable();
    t.index(['status', 'next_attempt_at'], 'mail_outbox_due_index');
    t.index(['contact_id'], 'mail_outbox_contact_index');
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('mail_outbox');
}
