import type { Knex } from 'knex';

/**
 * A visitor's enquiries by their address, whatever its case, newest first:
 * an enquiry's detail and its staff alert name the visitor's earlier ones
 * (`lower(email) = lower(?)`, by `created_at` descending). One statement
 * for SQLite and PostgreSQL alike: both index an expression, and both match
 * a query on `lower(email)` to it. Without it each lookup read every
 * enquiry.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.raw('create index contacts_visitor_index on contacts (lower(email), created_at)');
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('drop index contacts_visitor_index');
}
