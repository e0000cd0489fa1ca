import type { Knex } from 'knex';

/**
 * Where an enquiry came from: the address of the public article or page
 * whose call to action led the visitor to the contact form
 * (`/contact?from=<slug>`), and that article's or page's title as the
 * visitor read it when the enquiry arrived (so the admin can name it after
 * the article is renamed or deleted). Both null for an enquiry that came
 * from anywhere else.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('contacts', (t) => {
    t.string('source_path', 101).nullable();
    t.text('source_title').nullable();
  });
}

/**
 * Plain `drop column` in both databases: knex would rebuild the table on
 * SQLite, losing the search triggers of 20261127180000_contacts_lists.
 */
export async function down(knex: Knex): Promise<void> {
  await knex.raw('alter table contacts drop column source_title');
  await knex.raw('alter table contacts drop column source_path');
}
