import type { Knex } from 'knex';

/**
 * Mail queued for a colleague because of their role (the notice of an
 * enquiry given to them, the reminder of one they own) names their account
 * (`account_id`), so the worker can check it again right before sending:
 * one deleted, deactivated or demoted meanwhile is not sent the visitor's
 * details. No foreign key: a deleted account's mail must still say why it
 * was not sent (`cancel_reason`, with status `cancelled`; the codes are
 * `MAIL_CANCEL_REASONS` in shared/mail-status.ts). Rows queued before
 * (account_id null) go out as they would have.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('mail_outbox', (t) => {
    t.integer('account_id').nullable();
    t.string('cancel_reason', 30).nullable();
  });
}

/** Plain `drop column` in both databases (knex would rebuild the table on SQLite). */
export async function down(knex: Knex): Promise<void> {
  await knex.raw('alter table mail_outbox drop column cancel_reason');
  await knex.raw('alter table mail_outbox drop column account_id');
}
