import type { Knex } from 'knex';

/**
 * Enquiries that keep the 24-hour promise: the language the visitor wrote in,
 * when they were answered, and the spam folder (with the score, the signals
 * behind it, and a hash of the message to spot one text sent many times).
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('contacts', (t) => {
    t.string('language', 2).notNullable().defaultTo('en');
    t.timestamp('replied_at', { useTz: true }).nullable();
    t.boolean('spam').notNullable().defaultTo(false);
    t.integer('spam_score').notNullable().defaultTo(0);
    t.text('spam_reasons').nullable();
    t.string('message_hash', 64).nullable();
  });
  await knex.schema.alterTable('contacts', (t) => {
    t.index(['spam', 'created_at'], 'contacts_spam_created_at_index');
    t.index(['spam', 'replied_at', 'created_at'], 'contacts_spam_replied_at_index');
    t.index(['message_hash', 'created_at'], 'contacts_message_hash_index');
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('contacts', (t) => {
    t.dropIndex([], 'contacts_spam_created_at_index');
    t.dropIndex([], 'contacts_spam_replied_at_index');
    t.dropIndex([], 'contacts_message_hash_index');
  });
  await knex.schema.alterTable('contacts', (t) => {
    t.dropColumn('language');
    t.dropColumn('replied_at');
    t.dropColumn('spam');
    t.dropColumn('spam_score');
    t.dropColumn('spam_reasons');
    t.dropColumn('message_hash');
  });
}
