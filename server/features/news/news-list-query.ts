import type { Knex } from 'knex';
import { SEARCH_MAX_RESULTS } from '#shared/list-query';
import type { MissingFilter } from '#shared/news-list';
import type { Db } from '../../db/knex';
import { applyFilters, type FilterAppliers } from '../../db/list-page';
import { newestMatchingIds, searchIndex, whereAmong } from '../../db/text-search';
import { toCount } from '../../db/values';
import type { DocumentKind } from './document-row';

type Row = Record<string, unknown>;

/** Which articles a list holds. */
export type ArticleFilter = {
  /** Only what visitors see at this time (ISO 8601): published, and its time has come. */
  publicAt?: string;
  published?: boolean;
  /** Stored category values, any of which matches (a known category and its labels). */
  categories?: string[];
  /** Only articles that lack this language, or any language. */
  missing?: MissingFilter;
  /** Only articles with an outdated translation (or only those without one). */
  outdated?: boolean;
  /** Words each article holds, in its source text or a translation. */
  q?: string;
  ids?: number[];
};

const NEWS_SEARCH = searchIndex('news');
const TRANSLATIONS_SEARCH = searchIndex('news_translations');

/** Translations of the row of `news` in the query other than its source language. */
const translationsOf = (db: Db | Knex.Transaction) =>
  db('news_translations')
    .whereRaw('news_translations.news_id = news.id')
    .whereRaw('news_translations.language <> news.source_language');

const BOTH_HASHES = 'news_translations.source_hash is not null and news.source_hash is not null';

/**
 * How each filter narrows `news` (publicAt is applied apart, see visibleAt).
 * Missing reads `news_missing_languages`, the languages each row lacks, kept
 * by the database (migration 20261128180000_news_missing_languages.ts): a
 * few rows when most articles are translated, instead of asking each article.
 * Outdated as document-row.ts judges it: the source differs from the text a
 * translation was made from (`news.source_hash`, kept by `insert` and
 * `update` in news.repo.ts), or, for one saved before hashes were kept (or
 * a row written around the repo), changed after it.
 */
const FILTERS: FilterAppliers<Omit<ArticleFilter, 'publicAt'>, Db | Knex.Transaction> = {
  published: (q, published) => q.where('news.published', published),
  categories: (q, categories) => q.whereIn('news.category', categories),
  missing: (q, missing, db) => {
    const lacking = db('news_missing_languages').select('news_id');
    q.whereIn('news.id', missing === 'any' ? lacking : lacking.where('language', missing));
  },
  outdated: (q, outdated, db) => {
    const older = translationsOf(db)
      .select(db.raw('1'))
      .andWhere((w) =>
        w
          .whereRaw(`${BOTH_HASHES} and news_translations.source_hash <> news.source_hash`)
          .orWhereRaw(
            `not (${BOTH_HASHES}) and news_translations.updated_at < coalesce(news.source_updated_at, news.updated_at)`,
          ),
      );
    if (outdated) q.whereExists(older);
    else q.whereNotExists(older);
  },
  q: () => undefined, // a bounded set of matches, see `searched`
  ids: (q, ids) => q.whereIn('news.id', ids),
};

/**
 * Which rows of `news` of one kind a list holds, and how many: its filter
 * and its full-text search as queries, its total kept or counted. The
 * lists of news-lists.repo.ts order and page what `filtered` gives.
 */
export function createListQuery(db: Db | Knex.Transaction, kind: DocumentKind) {
  /** `q` (rows of `news`) narrowed to this kind and a filter (its search aside). */
  function narrowed(q: Knex.QueryBuilder, { publicAt, ...filter }: ArticleFilter) {
    q.where('news.kind', kind);
    if (publicAt !== undefined) visibleAt(q, publicAt);
    return applyFilters(q, filter, FILTERS, db);
  }

  /**
   * The total of a list of this kind that is unfiltered or filtered by
   * `published` alone, from `news_counts` (kept by the database as rows
   * come, change and go: migration 20261128140000_list_counts.ts); other
   * filters are counted (undefined).
   */
  function keptTotal({ published, ...others }: ArticleFilter): Promise<number> | undefined {
    if (Object.values(others).some((value) => value !== undefined)) return undefined;
    const which = published === undefined ? { kind } : { kind, published };
    return db('news_counts')
      .where(which)
      .sum({ n: 'n' })
      .first()
      .then((row: Row | undefined) => toCount(row?.n));
  }

  /**
   * The matches of a filter's search, as two subqueries of article ids: the
   * newest rows that hold every word in their source text, and the articles
   * of the newest translations that do (each SEARCH_MAX_RESULTS at most,
   * newest id first along its full-text index); null without a search.
   */
  function searchedParts(filter: ArticleFilter) {
    const row = () => narrowed(db('news').select(db.raw('1')), filter);
    const own = newestMatchingIds(db, NEWS_SEARCH, filter.q, SEARCH_MAX_RESULTS, (id) =>
      row().whereRaw(`news.id = ${id}`),
    );
    // The translation's article, by key (an IN here would read every article).
    const translated = newestMatchingIds(
      db,
      TRANSLATIONS_SEARCH,
      filter.q,
      SEARCH_MAX_RESULTS,
      (newsId) => row().whereRaw(`news.id = ${newsId}`),
      'news_id',
    );
    return own && translated ? ([own, translated] as const) : null;
  }

  /**
   * The ids of the SEARCH_MAX_RESULTS most recently written rows of a
   * filter that hold every word of its search in their source text or in a
   * translation, newest first, as a subquery; or null without a search.
   */
  function searched(filter: ArticleFilter) {
    const parts = searchedParts(filter);
    if (!parts) return null;
    const [own, translated] = parts;
    const either = db
      .select('id')
      .from(own.as('own'))
      .union(db.select('id').from(translated.as('translated')));
    return db.select('id').from(either.as('found')).orderBy('id', 'desc').limit(SEARCH_MAX_RESULTS);
  }

  /**
   * Those ids read once (a page and its total both come from them), or null
   * without a search: the two parts read side by side (two statements,
   * each planned and run on its own) and merged here as `searched` merges
   * them.
   */
  async function searchedIds(filter: ArticleFilter): Promise<number[] | null> {
    const parts = searchedParts(filter);
    if (!parts) return null;
    const found = (await Promise.all(parts)) as Row[][];
    const ids = new Set(found.flat().map((r) => Number(r.id)));
    return [...ids].sort((a, b) => b - a).slice(0, SEARCH_MAX_RESULTS);
  }

  /**
   * The rows of a filter; with a search, its bounded matches (`ids`, or the
   * subquery), which passed the filter already, by key.
   */
  function filtered(
    filter: ArticleFilter,
    ids: number[] | Knex.QueryBuilder | null = searched(filter),
  ) {
    return ids ? whereAmong(db, db('news'), 'news.id', ids) : narrowed(db('news'), filter);
  }

  /** A search's ids (if any) and the total of its list: their number, else kept or counted. */
  async function searchedAndTotal(filter: ArticleFilter) {
    const ids = await searchedIds(filter);
    return { ids, total: ids ? Promise.resolve(ids.length) : keptTotal(filter) };
  }

  return { filtered, searchedAndTotal };
}

/** Released articles whose time has come by `at` (a published one without a time counts too). */
export function visibleAt(q: Knex.QueryBuilder, at: string): Knex.QueryBuilder {
  return q
    .where('news.published', true)
    .andWhere((w) => w.whereNull('news.published_at').orWhere('news.published_at', '<=', at));
}
