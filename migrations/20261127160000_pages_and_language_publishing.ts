import type { Knex } from 'knex';

/**
 * Pages beside articles, one language published at a time, and per-language
 * search and social fields.
 *
 * - `news.kind`: `article` (every row so far) or `page` (About us, Careers):
 *   pages share the table, and with it the one slug index, translations,
 *   revisions, share links and old slugs. `nav` (`header`, `footer`,
 *   `none`) and `position` place a page in the site's navigation.
 * - `news_translations.published`: a translation is public only when its
 *   article is and it is itself (every existing one is). `source_hash`: the
 *   SHA-256 (hex) of the source text the translation was made from, null for
 *   one saved before it was kept.
 * - `seo_title`, `seo_description`, `social_image`, in the source language on
 *   `news` and in each translation.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('news', (t) => {
    t.string('kind', 10).notNullable().defaultTo('article');
    t.string('nav', 10).notNullable().defaultTo('none');
    t.integer('position').notNullable().defaultTo(0);
    t.string('seo_title', 70).nullable();
    t.string('seo_description', 160).nullable();
    t.text('social_image').nullable();
    t.index(['kind', 'published', 'published_at'], 'news_kind_published_index');
  });
  await knex.schema.alterTable('news_translations', (t) => {
    t.boolean('published').notNullable().defaultTo(true);
    t.string('source_hash', 64).nullable();
    t.string('seo_title', 70).nullable();
    t.string('seo_description', 160).nullable();
    t.text('social_image').nullable();
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('news_translations', (t) => {
    t.dropColumn('social_image');
    t.dropColumn('seo_description');
    t.dropColumn('seo_title');
    t.dropColumn('source_hash');
    t.dropColumn('published');
  });
  await knex.schema.alterTable('news', (t) => {
    t.dropIndex(['kind', 'published', 'published_at'], 'news_kind_published_index');
    t.dropColumn('social_image');
    t.dropColumn('seo_description');
    t.dropColumn('seo_title');
    t.dropColumn('position');
    t.dropColumn('nav');
    t.dropColumn('kind');
  });
}
