import type { Knex } from 'knex';

/**
 * A colleague's display name (`name`, "Joana Silva"), beside the username
 * they sign in with: replies to enquiries are signed with it, and the
 * visitor's answer goes to it (`Reply-To`). Optional: an account without
 * one (every account already there) signs with its username, as before.
 * The application trims it and keeps it to 1–80 characters
 * (`DisplayNameSchema` in shared/auth.ts); a blank one is stored as null.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('users', (t) => {
    t.string('name', 80).nullable();
  });
}

/** Plain `drop column` in both databases (knex would rebuild the table on SQLite). */
export async function down(knex: Knex): Promise<void> {
  await knex.raw('alter table users drop column name');
}
