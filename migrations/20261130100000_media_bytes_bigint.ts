import type { Knex } from 'knex';

/**
 * The sizes of uploads (`media.bytes`, `media_variants.bytes`) as 64-bit
 * integers on PostgreSQL. They were `integer`, 32 bits, whose largest value
 * is 2 GiB less one byte, while MEDIA_MAX_VIDEO_BYTES allows videos of up
 * to 4 GiB: storing a larger one failed ("value out of range for type
 * integer") after the whole file had been received and checked. SQLite's
 * integers have 64 bits already. The pg driver reads `bigint` as a string;
 * media.repo.ts reads the sizes with `Number()`.
 */
const isPg = (knex: Knex) => knex.client.config.client === 'pg';

export async function up(knex: Knex): Promise<void> {
  if (!isPg(knex)) return;
  await knex.raw('alter table media alter column bytes type bigint');
  await knex.raw('alter table media_variants alter column bytes type bigint');
}

export async function down(knex: Knex): Promise<void> {
  if (!isPg(knex)) return;
  await knex.raw('alter table media_variants alter column bytes type integer');
  await knex.raw('alter table media alter column bytes type integer');
}
