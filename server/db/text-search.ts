import type { Knex } from 'knex';
import { searchTerms } from '#shared/list-query';
import { isEmbedded, type Db } from './knex';

/**
 * A table's full-text index (made by its migration): on SQLite the FTS5
 * table `<table>_fts` whose rowids are the table's ids; on PostgreSQL the
 * table's generated `search` column (a tsvector over `search_fold`ed text).
 */
export type SearchIndex = { table: string; fts: string };

export const searchIndex = (table: string): SearchIndex => ({ table, fts: `${table}_fts` });

/**
 * The ids of the most recently added rows (highest id first) of an index's
 * table that hold every word of a search and are found by `rows`, at most
 * `limit` of them, as a subquery for `whereIn`; null when the search has no
 * words. `rows(id)` is a query of the table narrowed by a list's filters,
 * to be correlated to each match by the SQL expression `id` (it selects
 * anything: it is asked whether a row exists). The index is read newest
 * first and the read stops at `limit`: the cost follows `limit`, not how
 * many rows match.
 */
export function newestMatchingIds(
  db: Db | Knex.Transaction,
  index: SearchIndex,
  text: string | undefined,
  limit: number,
  rows: (id: string) => Knex.QueryBuilder,
) {
  const terms = searchTerms(text);
  if (terms.length === 0) return null;
  if (isEmbedded(db)) {
    // The FTS table alone in the FROM clause, so that SQLite walks its
    // matches by rowid, newest first, and looks each row up by its key.
    const { fts } = index;
    const query = terms.map((t) => `"${t}"*`).join(' ');
    return db(fts)
      .select({ id: `${fts}.rowid` })
      .whereRaw(`${fts} match ?`, [query])
      .whereExists(rows(`${fts}.rowid`))
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
  // of every match before sorting.
  const ordered = db({ m: index.table })
    .select('m.id')
    .whereRaw(`m.search @@ to_tsquery('simple', search_fold(?))`, [query])
    // Written out: knex leaves out an offset of 0.
    .orderByRaw('m.id desc offset 0');
  return db
    .from(ordered.as('matched'))
    .select('matched.id')
    .whereExists(rows('matched.id'))
    .orderBy('matched.id', 'desc')
    .limit(limit);
}
