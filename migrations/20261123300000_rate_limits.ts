import type { Knex } from 'knex';

/**
 * Rate-limit counters kept in the database, so a restart does not forgive
 * anyone and several instances share one budget. `key` is a SHA-256 of the
 * limiter's prefix and the client key (no addresses or usernames in clear);
 * `reset_at` is the end of the window in milliseconds since the epoch.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('rate_limits', (t) => {
    t.string('key', 64).primary();
    t.integer('hits').notNullable();
    t.bigInteger('reset_at').notNullable();
    t.index(['reset_at'], 'rate_limits_reset_at_index');
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('rate_limits');
}
