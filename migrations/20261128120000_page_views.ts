import type { Knex } from 'knex';

/**
 * Readers and where enquiries come from, as counts and nothing else: no
 * address, cookie or visitor id is stored anywhere.
 *
 * - `page_views`: per UTC day (`YYYY-MM-DD`), page (`home`, `news`,
 *   `contact`, `privacy`, or `document` with the article's or page's
 *   `document_id`, 0 for the others) and language: the views counted, and
 *   the enquiries (not spam) that arrived from it, counted as they arrived
 *   (deleting an enquiry later does not take it back). Each server adds its
 *   counts with one upsert per row (`views = views + ?`), so several
 *   instances add up.
 * - `referrer_views`: per day and referring host (a host name, nothing of
 *   the address after it), the views that came from it.
 *
 * Both are read by day ranges: the primary keys start with the day.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('page_views', (t) => {
    t.string('day', 10).notNullable();
    t.string('page', 10).notNullable();
    t.integer('document_id').notNullable().defaultTo(0);
    t.string('language', 2).notNullable();
    t.integer('views').notNullable().defaultTo(0);
    t.integer('enquiries').notNullable().defaultTo(0);
    t.primary(['day', 'page', 'document_id', 'language']);
  });
  await knex.schema.createTable('referrer_views', (t) => {
    t.string('day', 10).notNullable();
    t.string('host', 253).notNullable();
    t.integer('views').notNullable().defaultTo(0);
    t.primary(['day', 'host']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('referrer_views');
  await knex.schema.dropTable('page_views');
}
