import type { Knex } from 'knex';

/**
 * The admin's lists of articles and of pages in their order (newest first),
 * all of one kind or its published or draft ones: indexes that hold the
 * kind (and published) before the time, so that a page of 25 is read in
 * order and nothing is sorted. Without them SQLite took the rows of a kind
 * along `news_kind_published_index` and sorted all of them (about 40 ms for
 * 10,000 articles, most of the first page's time once its total was kept,
 * 20261128140000_list_counts.ts).
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('news', (t) => {
    t.index(['kind', 'created_at', 'id'], 'news_kind_created_at_index');
    t.index(['kind', 'published', 'created_at', 'id'], 'news_kind_published_created_at_index');
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('drop index if exists news_kind_created_at_index');
  await knex.raw('drop index if exists news_kind_published_created_at_index');
}
