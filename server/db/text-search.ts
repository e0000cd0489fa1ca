import type { Knex } from 'knex';
import { searchTerms } from '#shared/list-query';
import { isEmbedded, type Db } from './knex';

/**
 * A table's full-text index (made by its migration): on SQLite the FTS5
 * table `<table>_fts` whose rowids are the table's ids; on PostgreSQL the
 * table's generated `search` column (a tsvector over `search_fold`ed text).
 * Both hold the text with SEARCH_LETTER_FOLDS' letters folded, as
 * `searchTerms` folds a search (20261201120000_search_letter_folding.ts).
 */
export type SearchIndex = { table: string; fts: string };

export const searchIndex = (table: string): SearchIndex => ({ table, fts: `${table}_fts` });

/**
 * The ids of the most recently added rows (highest id first) of an index's
 * table that hold every word of a search and are found by `rows`, at most
 * `limit` of them, as a subquery for `whereIn`; null when the search has no
 * words. `rows(key)` is a query narrowed by a list's filters, to be
 * correlated to each match by the SQL expression `key`: the match's id, or
 * with `key` named its value of that column (a translation's `news_id`),
 * which is then what the subquery gives as `id` (it selects anything: it
 * is asked whether a row exists). The index is read newest first and the
 * read stops at `limit`: the cost follows `limit`, not how many rows match.
 */
export function newestMatchingIds(
  db: Db | Knex.Transaction,
  index: SearchIndex,
  text: string | undefined,
  limit: number,
  rows: (key: string) => Knex.QueryBuilder,
  key = 'id',
) {
  const terms = searchTerms(text);
  if (terms.length === 0) return null;
  if (isEmbedded(db)) {
    // The FTS table alone in the FROM clause, so that SQLite walks its
    // matches by rowid, newest first, and looks each row up by its key.
    const { fts, table } = index;
    const query = terms.map((t) => `"${t}"*`).join(' ');
    const keyOf =
      key === 'id'
        ? `${fts}.rowid`
        : `(select ${key} from ${table} where ${table}.id = ${fts}.rowid)`;
    return db(fts)
      .select(db.raw(`${keyOf} as id`))
      .whereRaw(`${fts} match ?`, [query])
      .whereExists(rows(keyOf))
      .orderByRaw(`${fts}.rowid desc`)
      .limit(limit);
  }
  // Each term as the word itself or a longer one: the rows of `t:*` alone,
  // but PostgreSQL judges a word by its statistics and any prefix to match
  // 2% of rows, and multiplies the terms: `retrofit:* & cell:*` was judged
  // to match 4 of 10,000 articles that all matched, so it read all of them
  // through the index to sort them. Judged right, common words are read
  // along the primary key, newest first, until `limit` of them pass `rows`.
  const query = terms.map((t) => `(${t} | ${t}:*)`).join(' & ');
  // The matches newest first, planned apart (`offset 0`): when PostgreSQL
  // judges them few (a rare word, or a prefix only), it reads them through
  // the index and sorts them, and asks `rows` of the first ones only, not
  // of every match before sorting. The key comes with each match, read
  // from the same row.
  const ordered = db({ m: index.table })
    .select(key === 'id' ? ['m.id'] : ['m.id', { key: `m.${key}` }])
    .whereRaw(`m.search @@ to_tsquery('simple', search_fold(?))`, [query])
    // Written out: knex leaves out an offset of 0.
    .orderByRaw('m.id desc offset 0');
  const keyOf = key === 'id' ? 'matched.id' : 'matched.key';
  return db
    .from(ordered.as('matched'))
    .select({ id: keyOf })
    .whereExists(rows(keyOf))
    .orderBy('matched.id', 'desc')
    .limit(limit);
}

/**
 * `q` narrowed to the rows whose `column` is among a search's matches:
 * `ids` read already (up to SEARCH_MAX_RESULTS of them), or the subquery
 * of `newestMatchingIds`. On PostgreSQL read ids go as one array parameter
 * (`= any(?)`): a thousand placeholders cost knex and the driver a
 * thousand bindings to number and encode and PostgreSQL a thousand
 * parameters to parse and bind, on every page of a search.
 */
export function whereAmong(
  db: Db,
  q: Knex.QueryBuilder,
  column: string,
  ids: number[] | Knex.QueryBuilder,
): Knex.QueryBuilder {
  if (!Array.isArray(ids) || isEmbedded(db)) return q.whereIn(column, ids);
  return q.whereRaw('?? = any(?)', [column, ids]);
}
