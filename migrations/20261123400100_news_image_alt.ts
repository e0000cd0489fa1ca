import type { Knex } from 'knex';

/** The text alternative of an article's image, in its source language and in each translation. */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('news', (t) => {
    t.string('image_alt', 300).nullable();
  });
  await knex.schema.alterTable('news_translations', (t) => {
    t.string('image_alt', 300).nullable();
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('news_translations', (t) => {
    t.dropColumn('image_alt');
  });
  await knex.schema.alterTable('news', (t) => {
    t.dropColumn('image_alt');
  });
}
