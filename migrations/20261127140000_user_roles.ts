import type { Knex } from 'knex';

/**
 * Staff roles and the account's state: `role` (`admin`, `editor`, `sales`,
 * or `user` for a registered visitor), `active` (a deactivated account
 * cannot sign in), a confirmed e-mail address (unique, stored in lower
 * case) and the time of the last sign-in. Every account that was an admin
 * becomes `admin`, every other one `user`; `is_admin` stays, true exactly
 * for the staff roles.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('users', (t) => {
    t.string('role', 16).notNullable().defaultTo('user');
    t.boolean('active').notNullable().defaultTo(true);
    t.string('email', 254).nullable();
    t.timestamp('last_sign_in_at', { useTz: true }).nullable();
  });
  await knex.schema.alterTable('users', (t) => {
    t.unique(['email'], { indexName: 'users_email_unique' });
  });
  await knex('users').where('is_admin', true).update({ role: 'admin' });
  await knex('users').whereNot('is_admin', true).update({ role: 'user' });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('users', (t) => {
    t.dropUnique(['email'], 'users_email_unique');
  });
  await knex.schema.alterTable('users', (t) => {
    t.dropColumn('last_sign_in_at');
    t.dropColumn('email');
    t.dropColumn('active');
    t.dropColumn('role');
  });
}
