import { createHash } from 'node:crypto';
import type { Knex } from 'knex';

/**
 * The admin's article list at any size: indexes for its order (newest
 * first) and its category filter; `news.source_hash`, the SHA-256 of the
 * source text as translations record it (`title + "\n" + excerpt + "\n" +
 * content`, line breaks as LF, each trimmed), so that outdated translations
 * are found by a query (the repo keeps it with every write of the text);
 * and a full-text index over the title,
 * excerpt and text of every article and of every translation, kept in step
 * by the database itself (as for enquiries, 20261127180000_contacts_lists.ts,
 * whose `search_fold` PostgreSQL uses here too):
 *
 * - SQLite: FTS5 tables over `news` and `news_translations` (external
 *   content, `unicode61` without diacritics), each with three triggers.
 * - PostgreSQL: a generated `tsvector` column on each table, GIN-indexed.
 *
 * A later migration that rebuilds either table on SQLite must create its
 * triggers again.
 */
const TABLES = ['news', 'news_translations'] as const;

const BATCH = 500;

const stored = (value: unknown) =>
  String(value ?? '')
    .replace(/\r\n?/g, '\n')
    .trim();

function sourceHash(row: Record<string, unknown>): string {
  const text = `${stored(row.title)}\n${stored(row.excerpt)}\n${stored(row.content)}`;
  return createHash('sha256').update(text, 'utf8').digest('hex');
}

export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('news', (t) => {
    t.string('source_hash', 64).nullable();
    t.index(['created_at', 'id'], 'news_created_at_index');
    t.index(['category'], 'news_category_index');
  });
  for (let after = 0; ;) {
    const rows: Record<string, unknown>[] = await knex('news')
      .where('id', '>', after)
      .orderBy('id')
      .limit(BATCH)
      .select('id', 'title', 'excerpt', 'content');
    if (rows.length === 0) break;
    for (const row of rows) {
      await knex('news')
        .where({ id: row.id })
        .update({ source_hash: sourceHash(row) });
    }
    after = Number(rows.at(-1)!.id);
  }
  for (const table of TABLES) {
    if (knex.client.config.client === 'pg') await postgresIndex(knex, table);
    else await sqliteIndex(knex, table);
  }
}

async function postgresIndex(knex: Knex, table: string): Promise<void> {
  await knex.raw(`
    alter table ${table} add column search tsvector generated always as (
      to_tsvector('simple', search_fold(title || ' ' || excerpt || ' ' || content))
    ) stored`);
  await knex.raw(`create index ${table}_search_index on ${table} using gin (search)`);
}

async function sqliteIndex(knex: Knex, table: string): Promise<void> {
  const fts = `${table}_fts`;
  const columns = 'title, excerpt, content';
  const values = (row: 'new' | 'old') => `${row}.id, ${row}.title, ${row}.excerpt, ${row}.content`;
  await knex.raw(`
    create virtual table ${fts} using fts5(
      ${columns}, content = '${table}', content_rowid = 'id',
      tokenize = 'unicode61 remove_diacritics 2', prefix = '2 3')`);
  await knex.raw(`
    create trigger ${fts}_insert after insert on ${table} begin
      insert into ${fts}(rowid, ${columns}) values (${values('new')});
    end`);
  await knex.raw(`
    create trigger ${fts}_delete after delete on ${table} begin
      insert into ${fts}(${fts}, rowid, ${columns}) values ('delete', ${values('old')});
    end`);
  await knex.raw(`
    create trigger ${fts}_update after update of ${columns} on ${table} begin
      insert into ${fts}(${fts}, rowid, ${columns}) values ('delete', ${values('old')});
      insert into ${fts}(rowid, ${columns}) values (${values('new')});
    end`);
  await knex.raw(`insert into ${fts}(${fts}) values ('rebuild')`);
}

export async function down(knex: Knex): Promise<void> {
  for (const table of TABLES) {
    if (knex.client.config.client === 'pg') {
      await knex.raw(`drop index if exists ${table}_search_index`);
      await knex.raw(`alter table ${table} drop column if exists search`);
      continue;
    }
    for (const event of ['insert', 'delete', 'update']) {
      await knex.raw(`drop trigger if exists ${table}_fts_${event}`);
    }
    await knex.raw(`drop table if exists ${table}_fts`);
  }
  await knex.raw('drop index if exists news_created_at_index');
  await knex.raw('drop index if exists news_category_index');
  await knex.schema.alterTable('news', (t) => t.dropColumn('source_hash'));
}
