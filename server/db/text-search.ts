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
 * The ids of the rows of an index's table that hold every word of a search
 * (each as the start of a word, case and accents aside), as a subquery for
 * `whereIn`; null when the search has no words (nothing to narrow).
 */
export function matchingIds(db: Db | Knex.Transaction, index: SearchIndex, text?: string) {
  const terms = searchTerms(text);
  if (terms.length === 0) return null;
  if (isEmbedded(db)) {
    // Each word quoted (it holds only letters and digits) and a prefix; FTS5 ANDs them.
    const query = terms.map((t) => `"${t}"*`).join(' ');
    return db(index.fts).select('rowid').whereRaw(`${index.fts} match ?`, [query]);
  }
  const query = terms.map((t) => `${t}:*`).join(' & ');
  return db(index.table)
    .select('id')
    .whereRaw(`search @@ to_tsquery('simple', search_fold(?))`, [query]);
}
