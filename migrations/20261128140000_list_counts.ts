import type { Knex } from 'knex';

/**
 * Counts the admin reads without counting rows: how many enquiries there
 * are per spam / read / replied, and how many articles and pages per kind
 * and published, each kept in a table of its own (`contact_counts`,
 * `news_counts`: one row per combination, `n` its rows) by the database
 * itself, in the transaction of every insert, change and deletion, however
 * it is made (the services, a retention purge, a copy, plain SQL). The
 * statistics and the totals of the unfiltered lists and their folders are
 * then a read of a few rows, at any size.
 *
 * - SQLite: a trigger per row on insert, delete and a change of a counted
 *   column, each adding +1 / -1 to its row of counts (an upsert).
 * - PostgreSQL: a trigger per statement with its transition tables, adding
 *   each statement's changes per combination in one upsert, in the order of
 *   the key, so that concurrent writes lock rows of counts in one order
 *   (no deadlock between two of them).
 *
 * What depends on the time (overdue, due soon) cannot be kept:
 * `contacts_waiting_due_index`, over unanswered enquiries only, makes the
 * ones not yet due a short range (overdue = unanswered less those).
 *
 * The counts are filled from the rows already there. A later migration that
 * rebuilds `contacts` or `news` on SQLite must create their triggers again;
 * `npm run db:copy` leaves these tables to the triggers (it copies the rows
 * they count).
 */

type Counted = {
  table: string;
  counts: string;
  /** Each key column of the counts, and its value for a row (`row` its alias). */
  keys: Record<string, (row: string) => string>;
  keyTypes: (t: Knex.CreateTableBuilder) => void;
  /** The columns whose change moves a row to another combination. */
  watched: string[];
};

const COUNTED: Counted[] = [
  {
    table: 'contacts',
    counts: 'contact_counts',
    keys: {
      spam: (row) => `${row}.spam`,
      read: (row) => `${row}.read`,
      replied: (row) => `(${row}.replied_at is not null)`,
    },
    keyTypes: (t) => {
      t.boolean('spam').notNullable();
      t.boolean('read').notNullable();
      t.boolean('replied').notNullable();
    },
    watched: ['spam', 'read', 'replied_at'],
  },
  {
    table: 'news',
    counts: 'news_counts',
    keys: {
      kind: (row) => `${row}.kind`,
      published: (row) => `${row}.published`,
    },
    keyTypes: (t) => {
      t.string('kind', 20).notNullable();
      t.boolean('published').notNullable();
    },
    watched: ['kind', 'published'],
  },
];

const isPg = (knex: Knex) => knex.client.config.client === 'pg';

export async function up(knex: Knex): Promise<void> {
  for (const c of COUNTED) {
    const names = Object.keys(c.keys);
    await knex.schema.createTable(c.counts, (t) => {
      c.keyTypes(t);
      t.bigInteger('n').notNullable().defaultTo(0);
      t.primary(names);
    });
    const values = Object.values(c.keys).map((key) => key(c.table));
    const ordinals = names.map((_, i) => i + 1).join(', ');
    await knex.raw(`
      insert into ${c.counts} (${names.join(', ')}, n)
      select ${values.join(', ')}, count(*) from ${c.table} group by ${ordinals}`);
    if (isPg(knex)) await postgresTriggers(knex, c);
    else await sqliteTriggers(knex, c);
  }
  await knex.raw(`
    create index contacts_waiting_due_index on contacts (spam, due_at) where replied_at is null`);
}

/** `insert ... on conflict do update`: adds `n` to the row of its combination. */
const addTo = (c: Counted, rows: string) => {
  const names = Object.keys(c.keys).join(', ');
  // No alias for the table: SQLite then refuses to rename any table while the trigger exists.
  return `insert into ${c.counts} (${names}, n) ${rows}
    on conflict (${names}) do update set n = ${c.counts}.n + excluded.n`;
};

async function sqliteTriggers(knex: Knex, c: Counted): Promise<void> {
  const one = (row: 'new' | 'old', n: 1 | -1) =>
    addTo(
      c,
      `values (${Object.values(c.keys)
        .map((key) => key(row))
        .join(', ')}, ${n})`,
    );
  await knex.raw(`
    create trigger ${c.counts}_insert after insert on ${c.table} begin
      ${one('new', 1)};
    end`);
  await knex.raw(`
    create trigger ${c.counts}_delete after delete on ${c.table} begin
      ${one('old', -1)};
    end`);
  const moved = Object.values(c.keys)
    .map((key) => `${key('old')} is not ${key('new')}`)
    .join(' or ');
  await knex.raw(`
    create trigger ${c.counts}_update after update of ${c.watched.join(', ')} on ${c.table}
    when ${moved} begin
      ${one('old', -1)};
      ${one('new', 1)};
    end`);
}

async function postgresTriggers(knex: Knex, c: Counted): Promise<void> {
  const keys = (row: string) => Object.values(c.keys).map((key) => key(row));
  const ordinals = Object.keys(c.keys)
    .map((_, i) => i + 1)
    .join(', ');
  const perKey = (from: string, n: string) =>
    `select ${keys(from).join(', ')}, ${n} from ${from} group by ${ordinals} order by ${ordinals}`;
  const named = (from: string, d: string) =>
    `select ${Object.entries(c.keys)
      .map(([name, key]) => `${key(from)} as ${name}`)
      .join(', ')}, ${d} as d from ${from}`;
  const changes = `
    select ${Object.keys(c.keys).join(', ')}, sum(d) from (
      ${named('added', '1')} union all ${named('removed', '-1')}
    ) moved
    group by ${ordinals} having sum(d) <> 0 order by ${ordinals}`;
  await knex.raw(`
    create function ${c.counts}_kept() returns trigger language plpgsql as $$
    begin
      if tg_op = 'INSERT' then
        ${addTo(c, perKey('added', 'count(*)'))};
      elsif tg_op = 'DELETE' then
        ${addTo(c, perKey('removed', '-count(*)'))};
      else
        ${addTo(c, changes)};
      end if;
      return null;
    end $$`);
  const trigger = (event: string, tables: string) =>
    knex.raw(`
      create trigger ${c.counts}_${event.toLowerCase()} after ${event} on ${c.table}
      referencing ${tables} for each statement execute function ${c.counts}_kept()`);
  await trigger('INSERT', 'new table as added');
  await trigger('DELETE', 'old table as removed');
  await trigger('UPDATE', 'old table as removed new table as added');
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('drop index if exists contacts_waiting_due_index');
  for (const c of COUNTED) {
    for (const event of ['insert', 'delete', 'update']) {
      await knex.raw(
        `drop trigger if exists ${c.counts}_${event}${isPg(knex) ? ` on ${c.table}` : ''}`,
      );
    }
    if (isPg(knex)) await knex.raw(`drop function if exists ${c.counts}_kept()`);
    await knex.schema.dropTableIfExists(c.counts);
  }
}
