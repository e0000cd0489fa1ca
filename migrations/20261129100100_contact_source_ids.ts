import type { Knex } from 'knex';

/**
 * The id of the article or page an enquiry came from (`source_id`), beside
 * its address and title then (`source_path`, `source_title`): an enquiry
 * counts in that article's analytics (`page_views.enquiries`) while it is
 * not spam, so filing it as spam later takes it off there, and taking it
 * out of spam adds it, on the day it arrived. The address alone would not
 * find the article once its slug changed or it was deleted. No foreign
 * key: the id stays when the article is deleted, as its counts do.
 *
 * The enquiries already there get the id of the article whose address,
 * current or earlier (`news_slug_history`), is their `source_path`; one
 * whose article has gone keeps none, and no move in or out of spam
 * changes a count for it.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('contacts', (t) => {
    t.integer('source_id').nullable();
  });
  await knex.raw(`
    update contacts set source_id = (
      select news.id from news where '/' || news.slug = contacts.source_path
    )
    where source_path is not null`);
  await knex.raw(`
    update contacts set source_id = (
      select news_slug_history.news_id from news_slug_history
      where '/' || news_slug_history.slug = contacts.source_path
    )
    where source_path is not null and source_id is null`);
}

/**
 * Plain `drop column` in both databases: knex would rebuild the table on
 * SQLite, losing the search triggers of 20261127180000_contacts_lists.
 */
export async function down(knex: Knex): Promise<void> {
  await knex.raw('alter table contacts drop column source_id');
}
