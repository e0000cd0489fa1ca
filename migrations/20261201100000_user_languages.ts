import type { Knex } from 'knex';

/**
 * The language a colleague reads the site's e-mails to them and the admin
 * in (`language`: `en`, `pt` or `de`), chosen in the admin. Optional: an
 * account without one (every account already there) gets its e-mails as
 * before, in the staff's language (English) or the language of the admin
 * who acted. The application keeps it to the site's languages
 * (`AccountLanguageSchema` in shared/auth.ts).
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('users', (t) => {
    t.string('language', 2).nullable();
  });
}

/** Plain `drop column` in both databases (knex would rebuild the table on SQLite). */
export async function down(knex: Knex): Promise<void> {
  await knex.raw('alter table users drop column language');
}
