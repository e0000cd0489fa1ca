import type { Knex } from 'knex';

/**
 * One folding of letters in the full-text indexes of both databases (of
 * enquiries, articles and translations), so that a search finds the same
 * rows on either: `strasse` finds `Straße` and `straße` finds `Strasse`,
 * `lodz` finds `Łódź`, `soren` finds `Søren`, `coeur` finds `Cœur`.
 *
 * Before, SQLite's `unicode61` tokenizer took accents off and left the
 * letters that have none to take off (ß, ł, ø, œ, æ…) as they are, while
 * PostgreSQL's `search_fold` turned ł, ø and œ into l, o and o, and kept ß
 * on both: `lodz` missed `Łódź` on SQLite only, and neither found `Straße`
 * by `strasse`.
 *
 * Now LETTERS below (a copy of SEARCH_LETTER_FOLDS in shared/list-query.ts,
 * where the search's words are folded alike; a test holds the two to each
 * other) are folded before the text is indexed, and accents are taken off
 * as `unicode61` takes them off (a letter's canonical decomposition without
 * its marks), in all of the Latin alphabets of Europe (U+00C0 to U+017F, and
 * Romanian ș and ț):
 *
 * - SQLite: the FTS5 tables hold the folded text (`replace` per letter) and
 *   hold no text of their own (`content = ''`), since the table's text is
 *   not what they index: the triggers give them the folded values, and a
 *   rebuild is an `insert … select` of them (FTS5's `rebuild`, which reads
 *   the table, refuses to run on them rather than index unfolded text).
 * - PostgreSQL: `search_fold` folds the same letters and accents (and lower
 *   case; `@ . _ - /` as spaces, as before); its generated `search` columns
 *   are dropped and made again, since PostgreSQL keeps what the old
 *   function computed.
 *
 * Every row is indexed again: a few seconds for 100,000 enquiries. A later
 * migration that rebuilds one of these tables on SQLite must create its
 * three triggers again as here, folding.
 */

/** The letters without an accent to take off, and what they are written as. */
export const LETTERS: Readonly<Record<string, string>> = {
  ß: 'ss',
  ẞ: 'ss',
  æ: 'ae',
  Æ: 'ae',
  œ: 'oe',
  Œ: 'oe',
  ø: 'o',
  Ø: 'o',
  ł: 'l',
  Ł: 'l',
  đ: 'd',
  Đ: 'd',
  ð: 'd',
  Ð: 'd',
  þ: 'th',
  Þ: 'th',
};

/** The Latin letters whose accents PostgreSQL's `search_fold` takes off. */
const LATIN = [
  ...Array.from({ length: 0x17f - 0xc0 + 1 }, (_, i) => String.fromCodePoint(0xc0 + i)),
  'Ș',
  'ș',
  'Ț',
  'ț',
].filter((c) => /\p{L}/u.test(c) && !(c in LETTERS));

/**
 * Each letter of LATIN as lower case without accents (as `unicode61`
 * indexes it), for those where that differs: PostgreSQL's `lower` leaves
 * all but A to Z as they are under a C locale, which clusters are often
 * made with.
 */
const PLAIN = LATIN.map((c) => ({
  c,
  // The long s is an s to `unicode61` (Unicode's case folding), as to a search (NFKC).
  plain:
    c === 'ſ'
      ? 's'
      : c
          .normalize('NFD')
          .replace(/[\u0300-\u036f]/g, '')
          .toLowerCase(),
})).filter(({ c, plain }) => plain.length === 1 && plain !== c);
const SEPARATORS = '@._-/';

type Index = { table: string; columns: readonly string[] };
const INDEXES: readonly Index[] = [
  { table: 'contacts', columns: ['name', 'email', 'company', 'message'] },
  { table: 'news', columns: ['title', 'excerpt', 'content'] },
  { table: 'news_translations', columns: ['title', 'excerpt', 'content'] },
];
/** What each index is made of on PostgreSQL. */
const SEARCHED: Record<string, string> = {
  contacts: `name || ' ' || email || ' ' || coalesce(company, '') || ' ' || message`,
  news: `title || ' ' || excerpt || ' ' || content`,
  news_translations: `title || ' ' || excerpt || ' ' || content`,
};
const PREFIX = '1 2 3 4 5 6 7 8 9 10 11 12';

const isPg = (knex: Knex) => knex.client.config.client === 'pg';

export async function up(knex: Knex): Promise<void> {
  if (isPg(knex)) {
    const single = PLAIN.map((p) => p.c).join('');
    const plain = PLAIN.map((p) => p.plain).join('');
    const translated = `translate(lower(t), '${single}${SEPARATORS}', '${plain}${' '.repeat(SEPARATORS.length)}')`;
    const body = Object.entries(LETTERS).reduce(
      (sql, [from, to]) => `replace(${sql}, '${from}', '${to}')`,
      translated,
    );
    await remakePostgres(knex, `select ${body}`);
    return;
  }
  for (const index of INDEXES) await remakeSqlite(knex, index, true);
}

export async function down(knex: Knex): Promise<void> {
  if (isPg(knex)) {
    // search_fold as 20261127180000_contacts_lists.ts made it.
    const accented = 'áàâãäåāăąçćčďéèêëēėęěíìîïīįłñńňóòôõöøōőœŕřśšşťúùûüūůűųýÿžźż';
    const undecomposed: Record<string, string> = { ł: 'l', ø: 'o', œ: 'o' };
    const plain = [...accented].map((c) => undecomposed[c] ?? c.normalize('NFD')[0]).join('');
    const from = accented + accented.toUpperCase() + SEPARATORS;
    const to = plain + plain + ' '.repeat(SEPARATORS.length);
    await remakePostgres(knex, `select translate(lower(t), '${from}', '${to}')`);
    return;
  }
  for (const index of INDEXES) await remakeSqlite(knex, index, false);
}

/** `search_fold` made again with `body`, and the generated columns computed by it. */
async function remakePostgres(knex: Knex, body: string): Promise<void> {
  for (const { table } of INDEXES) {
    // Its GIN index goes with it.
    await knex.raw(`alter table ${table} drop column search`);
  }
  await knex.raw(`
    create or replace function search_fold(t text) returns text
    language sql immutable parallel safe
    as $$ ${body} $$`);
  for (const { table } of INDEXES) {
    await knex.raw(`
      alter table ${table} add column search tsvector generated always as (
        to_tsvector('simple', search_fold(${SEARCHED[table]}))
      ) stored`);
    await knex.raw(`create index ${table}_search_index on ${table} using gin (search)`);
  }
}

/** `expression` with LETTERS folded, in SQLite's SQL. */
const folded = (expression: string) =>
  Object.entries(LETTERS).reduce(
    (sql, [from, to]) => `replace(${sql}, '${from}', '${to}')`,
    expression,
  );

/**
 * The FTS5 table of `table` and its three triggers made again: over the
 * folded text, holding no text of its own (`fold`), or as
 * 20261128190000_search_prefix_indexes.ts left them, over the table.
 */
async function remakeSqlite(knex: Knex, { table, columns }: Index, fold: boolean): Promise<void> {
  const fts = `${table}_fts`;
  for (const event of ['insert', 'delete', 'update']) {
    await knex.raw(`drop trigger if exists ${fts}_${event}`);
  }
  await knex.raw(`drop table if exists ${fts}`);
  const names = columns.join(', ');
  const values = (row: string) =>
    [`${row}.id`, ...columns.map((c) => (fold ? folded(`${row}.${c}`) : `${row}.${c}`))].join(', ');
  await knex.raw(`
    create virtual table ${fts} using fts5(
      ${names}, content = '${fold ? '' : table}'${fold ? '' : `, content_rowid = 'id'`},
      tokenize = 'unicode61 remove_diacritics 2', prefix = '${PREFIX}')`);
  await knex.raw(`
    create trigger ${fts}_insert after insert on ${table} begin
      insert into ${fts}(rowid, ${names}) values (${values('new')});
    end`);
  await knex.raw(`
    create trigger ${fts}_delete after delete on ${table} begin
      insert into ${fts}(${fts}, rowid, ${names}) values ('delete', ${values('old')});
    end`);
  await knex.raw(`
    create trigger ${fts}_update after update of ${names} on ${table} begin
      insert into ${fts}(${fts}, rowid, ${names}) values ('delete', ${values('old')});
      insert into ${fts}(rowid, ${names}) values (${values('new')});
    end`);
  if (fold) {
    await knex.raw(`insert into ${fts}(rowid, ${names}) select ${values(table)} from ${table}`);
  } else {
    await knex.raw(`insert into ${fts}(${fts}) values ('rebuild')`);
  }
}
