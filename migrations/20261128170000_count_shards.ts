import type { Knex } from 'knex';

/**
 * PostgreSQL: the kept counts (`contact_counts`, `news_counts`, migration
 * 20261128140000_list_counts.ts) in 16 shards per combination, each
 * connection adding to the shard of its backend's process id. With one row
 * per combination every new enquiry added to the same row, which each
 * transaction then held locked until it committed: enquiries from several
 * instances (or one instance's several connections) waited for each other,
 * and two instances on one PostgreSQL took 113-155 enquiries/s against
 * 320/s without the counts. Reads add up the shards of a combination (they
 * already sum the rows they select). SQLite has one writer at a time and
 * keeps one row per combination.
 */

const SHARDS = 16;

type Counted = {
  counts: string;
  /** Each key column and its value for a row (`row` its alias). */
  keys: Record<string, (row: string) => string>;
};

const COUNTED: Counted[] = [
  {
    counts: 'contact_counts',
    keys: {
      spam: (row) => `${row}.spam`,
      read: (row) => `${row}.read`,
      replied: (row) => `(${row}.replied_at is not null)`,
    },
  },
  {
    counts: 'news_counts',
    keys: { kind: (row) => `${row}.kind`, published: (row) => `${row}.published` },
  },
];

const isPg = (knex: Knex) => knex.client.config.client === 'pg';

/**
 * The trigger function of `c`: each statement's changes per combination,
 * added in the order of the key (no deadlock between two statements that
 * share a shard); `sharded`, to the shard of this connection.
 */
function keptFunction(c: Counted, sharded: boolean): string {
  const names = Object.keys(c.keys);
  const ordinals = names.map((_, i) => i + 1).join(', ');
  const keys = (row: string) => Object.values(c.keys).map((key) => key(row));
  const target = sharded ? [...names, 'shard'] : names;
  const addTo = (rows: string) => `
    insert into ${c.counts} (${[...names, 'n', ...(sharded ? ['shard'] : [])].join(', ')})
    select r.*${sharded ? `, (pg_backend_pid() % ${SHARDS})::smallint` : ''}
    from (${rows}) r order by ${ordinals}
    on conflict (${target.join(', ')}) do update set n = ${c.counts}.n + excluded.n`;
  const perKey = (from: string, n: string) =>
    `select ${keys(from).join(', ')}, ${n} from ${from} group by ${ordinals}`;
  const named = (from: string, d: string) =>
    `select ${Object.entries(c.keys)
      .map(([name, key]) => `${key(from)} as ${name}`)
      .join(', ')}, ${d} as d from ${from}`;
  const changes = `
    select ${names.join(', ')}, sum(d) from (
      ${named('added', '1')} union all ${named('removed', '-1')}
    ) moved
    group by ${ordinals} having sum(d) <> 0`;
  return `
    create or replace function ${c.counts}_kept() returns trigger language plpgsql as $$
    begin
      if tg_op = 'INSERT' then
        ${addTo(perKey('added', 'count(*)'))};
      elsif tg_op = 'DELETE' then
        ${addTo(perKey('removed', '-count(*)'))};
      else
        ${addTo(changes)};
      end if;
      return null;
    end $$`;
}

export async function up(knex: Knex): Promise<void> {
  if (!isPg(knex)) return;
  for (const c of COUNTED) {
    const names = Object.keys(c.keys);
    await knex.raw(`alter table ${c.counts} add column shard smallint not null default 0`);
    await knex.raw(`alter table ${c.counts} drop constraint ${c.counts}_pkey`);
    await knex.raw(`alter table ${c.counts} add primary key (${[...names, 'shard'].join(', ')})`);
    await knex.raw(keptFunction(c, true));
  }
}

export async function down(knex: Knex): Promise<void> {
  if (!isPg(knex)) return;
  for (const c of COUNTED) {
    const names = Object.keys(c.keys).join(', ');
    await knex.raw(keptFunction(c, false));
    await knex.raw(`create temporary table folded as
      select ${names}, sum(n) as n from ${c.counts} group by ${names}`);
    await knex.raw(`delete from ${c.counts}`);
    await knex.raw(`alter table ${c.counts} drop constraint ${c.counts}_pkey`);
    await knex.raw(`alter table ${c.counts} drop column shard`);
    await knex.raw(`alter table ${c.counts} add primary key (${names})`);
    await knex.raw(`insert into ${c.counts} (${names}, n) select ${names}, n from folded`);
    await knex.raw('drop table folded');
  }
}
