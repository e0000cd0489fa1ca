import type { Knex } from 'knex';

/**
 * Enquiries answered from the admin:
 *
 * - `contacts.due_at`: when the reply promise runs out, worked out when the
 *   enquiry arrives (24 hours, or 24 hours of working days); existing
 *   enquiries get the 24 hours they were promised. Written for every
 *   enquiry by the application (the column stays nullable: SQLite cannot
 *   make an added column NOT NULL without rebuilding the table and its
 *   full-text triggers). Indexed for the order "soonest due first,
 *   answered last" and for the overdue and due-soon counts.
 * - `contacts.assignee_id`: who handles it (an account; cleared when the
 *   account is deleted); `contacts.reminded_at`: when its one reminder was
 *   queued.
 * - `contact_thread`: replies sent from the admin and internal notes, with
 *   the account (and its username at the time) and, for a reply, its
 *   outbox row (the delivery state).
 * - `mail_outbox.message_id`: the Message-ID a message was sent with, so a
 *   reply can name the auto-reply it follows.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('contacts', (t) => {
    t.timestamp('due_at', { useTz: true }).nullable();
    t.timestamp('reminded_at', { useTz: true }).nullable();
  });
  // Plain SQL: knex would rebuild the SQLite table to add a foreign key.
  await knex.raw(
    'alter table contacts add column assignee_id integer null references users (id) on delete set null',
  );
  if (knex.client.config.client === 'pg') {
    await knex.raw("update contacts set due_at = created_at + interval '24 hours'");
  } else {
    await knex.raw(
      "update contacts set due_at = strftime('%Y-%m-%dT%H:%M:%fZ', created_at, '+24 hours')",
    );
  }
  await knex.raw(`
    create index contacts_spam_due_index
    on contacts (spam, (replied_at is not null), due_at, id)`);
  await knex.schema.alterTable('contacts', (t) => {
    t.index(['assignee_id'], 'contacts_assignee_index');
  });

  await knex.schema.alterTable('mail_outbox', (t) => {
    t.string('message_id', 255).nullable();
  });

  await knex.schema.createTable('contact_thread', (t) => {
    t.increments('id').primary();
    t.integer('contact_id')
      .unsigned()
      .notNullable()
      .references('id')
      .inTable('contacts')
      .onDelete('CASCADE');
    t.string('kind', 10).notNullable();
    t.integer('user_id')
      .unsigned()
      .nullable()
      .references('id')
      .inTable('users')
      .onDelete('SET NULL');
    t.string('author', 100).nullable();
    t.text('text').notNullable();
    t.integer('outbox_id')
      .unsigned()
      .nullable()
      .references('id')
      .inTable('mail_outbox')
      .onDelete('SET NULL');
    t.timestamp('created_at', { useTz: true }).notNullable();
    t.index(['contact_id', 'created_at'], 'contact_thread_contact_index');
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('contact_thread');
  await knex.schema.alterTable('mail_outbox', (t) => {
    t.dropColumn('message_id');
  });
  await knex.raw('drop index if exists contacts_spam_due_index');
  await knex.raw('drop index if exists contacts_assignee_index');
  // Plain SQL, as on the way up (no rebuild of the SQLite table).
  for (const column of ['assignee_id', 'reminded_at', 'due_at'])
    await knex.raw(`alter table contacts drop column ${column}`);
}
