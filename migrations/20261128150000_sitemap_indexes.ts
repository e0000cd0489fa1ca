import type { Knex } from 'knex';

/**
 * The sitemap read from indexes alone, however many articles there are:
 *
 * - `news (kind, published, published_at, updated_at)`: which rows are
 *   public at a time and their last change, for the index's sections (one
 *   `GROUP BY` over every public row's id and `updated_at`) without reading
 *   the rows' text;
 * - `news_translations (news_id, published, language)`: the public
 *   languages of a section's articles, again without reading their text.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('news', (t) => {
    t.index(['kind', 'published', 'published_at', 'updated_at'], 'news_sitemap_index');
  });
  await knex.schema.alterTable('news_translations', (t) => {
    t.index(['news_id', 'published', 'language'], 'news_translations_published_index');
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('news', (t) => {
    t.dropIndex(['kind', 'published', 'published_at', 'updated_at'], 'news_sitemap_index');
  });
  await knex.schema.alterTable('news_translations', (t) => {
    t.dropIndex(['news_id', 'published', 'language'], 'news_translations_published_index');
  });
}
