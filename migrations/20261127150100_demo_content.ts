import type { Knex } from 'knex';

/** The articles SEED_DEMO wrote on a first start, by slug (as they were seeded). */
const DEMO_SLUGS = [
  'vision-guided-bin-picking',
  'predictive-maintenance-that-explains-itself',
  'automotive-weld-inspection-partnership',
  'digital-twins-for-brownfield-lines',
  'cobots-small-batch-assembly',
  'language-models-on-the-shop-floor',
  'sustainable-automation-research-programme',
  'legacy-plc-integration',
];

/**
 * Which articles are demo content (seeded on a first start, SEED_DEMO), so
 * the admin can mark them and remove them all at once. A database that was
 * seeded before this table existed gets its demo articles marked: those with
 * a demo slug, where the seeding was recorded.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('demo_content', (t) => {
    t.integer('news_id')
      .unsigned()
      .notNullable()
      .primary()
      .references('id')
      .inTable('news')
      .onDelete('CASCADE');
  });
  const seeded = await knex('app_state').where({ key: 'demo_seeded_at' }).first();
  if (!seeded) return;
  const ids = await knex('news').whereIn('slug', DEMO_SLUGS).select('id');
  if (ids.length > 0) await knex('demo_content').insert(ids.map((r) => ({ news_id: r.id })));
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('demo_content');
}
