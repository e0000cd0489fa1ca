import type { Knex } from 'knex';

/**
 * One row per visitor address that was sent an auto-reply: the address's
 * SHA-256 (lower case, without a `+tag`; never the address itself), the
 * enquiry it answered and when. An enquiry's auto-reply claims the address
 * for 24 hours; later enquiries from it are stored and alerted without one.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('auto_reply_claims', (t) => {
    t.string('address_key', 64).primary();
    t.integer('contact_id').nullable();
    t.timestamp('claimed_at', { useTz: true }).notNullable();
    t.index(['claimed_at'], 'auto_reply_claims_claimed_at_index');
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('auto_reply_claims');
}
