import type { Knex } from 'knex';
import { articleLanguages } from '#shared/article-languages';
import { pickLanguage } from '#shared/languages';
import { SEARCH_MAX_RESULTS, type ListPage } from '#shared/list-query';
import type { MissingFilter } from '#shared/news-list';
import type { PageNav } from '#shared/pages';
import { isPublic } from '#shared/publication';
import type { Db } from '../../db/knex';
import { applyFilters, pageOf, type FilterAppliers, type PageRequest } from '../../db/list-page';
import { newestMatchingIds, searchIndex, whereAmong } from '../../db/text-search';
import { now, toBool, toCount, toIso, toIsoOrNull } from '../../db/values';
import { toDocument, type DocumentKind, type StoredDocument } from './document-row';
import { storedSourceHash } from './source-hash';
import { createTranslationsRepo } from './translations.repo';

type Row = Record<string, unknown>;

/** The fields a write sets on `news`; times (and the repo's kind) are added here. */
export type ArticleFields = Omit<
  StoredDocument,
  | 'id'
  | 'created_at'
  | 'updated_at'
  | 'language'
  | 'languages'
  | 'translations'
  | 'kind'
  | 'nav'
  | 'position'
> & { nav?: PageNav; position?: number; source_updated_at?: string };

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
 * `update`), or, for one saved before hashes were kept (or a row written
 * around the repo), changed after it.
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

/** The hash of the source text a write sets, when it sets the text (shared/source-hash.ts). */
function withSourceHash<F extends Partial<Pick<ArticleFields, 'title' | 'excerpt' | 'content'>>>(
  fields: F,
): F & { source_hash?: string } {
  const { title, excerpt, content } = fields;
  if (title === undefined || excerpt === undefined || content === undefined) return fields;
  return { ...fields, source_hash: storedSourceHash({ title, excerpt, content }) };
}

const NEWEST_PUBLISHED = [
  { column: 'published_at', order: 'desc' },
  { column: 'id', order: 'desc' },
] as const;
const NEWEST_CREATED = [
  { column: 'created_at', order: 'desc' },
  { column: 'id', order: 'desc' },
] as const;

/**
 * Plain knex queries on `news` and its translations; every value goes through
 * bindings. Rows of one kind (articles unless told) come back with their
 * source text at the top level and every translation; the service resolves a
 * language. Slugs are one namespace for both kinds.
 */
export function createNewsRepo(db: Db | Knex.Transaction, kind: DocumentKind = 'article') {
  const news = () => db('news').where('news.kind', kind);
  const anyKind = () => db('news');
  const translations = createTranslationsRepo(db);

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

  async function withTranslations(rows: Row[]): Promise<StoredDocument[]> {
    const byArticle = await translations.forArticles(rows.map((r) => Number(r.id)));
    return rows.map((r) => toDocument(r, byArticle.get(Number(r.id)) ?? []));
  }

  return {
    kind,
    translations,

    async count(filter: ArticleFilter): Promise<number> {
      const row = await filtered(filter).count({ n: '*' }).first();
      return toCount(row?.n);
    },

    /** Public articles at `now`, newest publication first. */
    async listPublished(opts: {
      now: string;
      limit: number;
      offset: number;
      categories?: string[];
    }) {
      const rows = await filtered({ publicAt: opts.now, categories: opts.categories })
        .orderBy([...NEWEST_PUBLISHED])
        .limit(opts.limit)
        .offset(opts.offset);
      return withTranslations(rows);
    },

    /** Every row of this kind (drafts included) of a list, newest first. */
    async listAll(filter: ArticleFilter) {
      return withTranslations(
        await filtered(filter)
          .select('news.*')
          .orderBy([...NEWEST_CREATED]),
      );
    },

    /** One page of that list, and its total. */
    async pageAll(filter: ArticleFilter, page: PageRequest): Promise<ListPage<StoredDocument>> {
      const { ids, total } = await searchedAndTotal(filter);
      const q = filtered(filter, ids)
        .select('news.*')
        .orderBy([...NEWEST_CREATED]);
      return pageOf(q, page, withTranslations, total);
    },

    /** Every stored category value of this kind with its number of rows, drafts included. */
    async allCategories(): Promise<{ category: string; count: number }[]> {
      const rows: Row[] = await news().select('category').count({ count: '*' }).groupBy('category');
      return rows.map((r) => ({ category: String(r.category), count: toCount(r.count) }));
    },

    async findById(id: number): Promise<StoredDocument | null> {
      const row = await news().where({ id }).first();
      return row ? (await withTranslations([row]))[0]! : null;
    },

    async findBySlug(slug: string): Promise<StoredDocument | null> {
      const row = await news().where({ slug }).first();
      return row ? (await withTranslations([row]))[0]! : null;
    },

    /** The kind of the row with this id, whichever it is; null when there is none. */
    async kindOf(id: number): Promise<DocumentKind | null> {
      const row = await anyKind().where({ id }).first('kind');
      return row ? (row.kind === 'page' ? 'page' : 'article') : null;
    },

    /** The id of the article or page that has `slug` (one namespace for both kinds). */
    async slugOwner(slug: string): Promise<number | null> {
      const row = await anyKind().where({ slug }).first('id');
      return row ? Number(row.id) : null;
    },

    /** A new row of this kind; its source text counts as written at `at`. Returns its id. */
    async insert(fields: ArticleFields, at = now()): Promise<number> {
      const [row] = await anyKind()
        .insert({
          source_updated_at: at,
          ...withSourceHash(fields),
          kind,
          created_at: at,
          updated_at: at,
        })
        .returning('id');
      return Number(typeof row === 'object' ? row.id : row);
    },

    async update(id: number, fields: Partial<ArticleFields>, at = now()): Promise<boolean> {
      return (
        (await news()
          .where({ id })
          .update({ ...withSourceHash(fields), updated_at: at })) > 0
      );
    },

    /** Every row of this kind in its menu order (position, then oldest first). */
    async listByPosition(filter: ArticleFilter = {}): Promise<StoredDocument[]> {
      return withTranslations(await filtered(filter).select('news.*').orderBy(['position', 'id']));
    },

    /**
     * One page of a list of this kind in menu order (header, footer, then
     * the others; each by position, then oldest first), and its total.
     */
    async pageByMenuOrder(
      filter: ArticleFilter,
      page: PageRequest,
    ): Promise<ListPage<StoredDocument>> {
      const { ids, total } = await searchedAndTotal(filter);
      const q = filtered(filter, ids)
        .select('news.*')
        .orderByRaw("case news.nav when 'header' then 0 when 'footer' then 1 else 2 end")
        .orderBy(['position', 'id']);
      return pageOf(q, page, withTranslations, total);
    },

    /** Public rows at `now` placed in a menu, by position, with their translations. */
    async inNavigation(now: string): Promise<StoredDocument[]> {
      const rows = await filtered({ publicAt: now })
        .whereNot('news.nav', 'none')
        .select('news.*')
        .orderBy(['position', 'id']);
      return withTranslations(rows);
    },

    /** A new place in the menu; the row's time stays (its text did not change). */
    async setPosition(id: number, position: number): Promise<boolean> {
      return (await news().where({ id }).update({ position })) > 0;
    },

    async remove(id: number): Promise<boolean> {
      return (await news().where({ id }).delete()) > 0;
    },

    /** Public articles at `now` per stored category value. */
    async categories(now: string): Promise<{ category: string; count: number }[]> {
      const rows: Row[] = await filtered({ publicAt: now })
        .select('category')
        .count({ count: '*' })
        .groupBy('category');
      return rows.map((r) => ({ category: String(r.category), count: toCount(r.count) }));
    },

    /**
     * What the sitemap needs of the public rows at `now` (their public
     * languages), oldest first: all of them, or one section: the rows with
     * ids `(number - 1) * size + 1` to `number * size`. A section by ids is
     * a range of the primary key, and its rows stay in it as others come
     * and go.
     */
    async sitemapEntries(now: string, section?: { number: number; size: number }) {
      const columns = ['id', 'slug', 'source_language', 'updated_at', 'published_at'];
      let rows: Row[];
      if (section) {
        // The range read by key alone (SQLite, without statistics, would
        // rather walk an index of every public row), and judged here as
        // `visibleAt` judges it.
        const range: Row[] = await db('news')
          .select([...columns, 'kind', 'published'])
          .where('news.id', '>', (section.number - 1) * section.size)
          .andWhere('news.id', '<=', section.number * section.size)
          .orderBy('id');
        const at = Date.parse(now);
        rows = range.filter(
          (r) =>
            r.kind === kind &&
            isPublic(
              { published: toBool(r.published), published_at: toIsoOrNull(r.published_at) },
              at,
            ),
        );
      } else {
        rows = await filtered({ publicAt: now }).select(columns).orderBy('id');
      }
      const byArticle = await translations.languagesOf(
        rows.map((r) => Number(r.id)),
        { publishedOnly: true },
      );
      return rows.map((r) => ({
        slug: String(r.slug),
        updated_at: toIso(r.updated_at),
        published_at: toIso(r.published_at ?? r.updated_at),
        languages: articleLanguages(
          pickLanguage(r.source_language),
          byArticle.get(Number(r.id)) ?? [],
        ),
      }));
    },

    /**
     * The sections of `sitemapEntries` that hold a public row at `now`, by
     * number, each with its last change: one aggregate, no row read twice.
     */
    async sitemapSections(
      now: string,
      size: number,
    ): Promise<{ number: number; lastmod: string }[]> {
      // Written out, not bound: PostgreSQL matches the grouping to the select by its text.
      const section = db.raw(`(news.id - 1) / ${Math.max(1, Math.trunc(size))}`);
      const rows: Row[] = await filtered({ publicAt: now })
        .select({ section })
        .max({ lastmod: 'news.updated_at' })
        .groupBy(section)
        .orderBy('section');
      return rows.map((r) => ({ number: Number(r.section) + 1, lastmod: toIso(r.lastmod) }));
    },

    /** The earliest publication time still ahead of `now` (a scheduled article or page), or null. */
    async nextScheduledAt(now: string): Promise<Date | null> {
      const row = await anyKind()
        .where('published', true)
        .andWhere('published_at', '>', now)
        .min({ next: 'published_at' })
        .first();
      return row?.next ? new Date(toIso(row.next)) : null;
    },

    /**
     * Articles and pages whose image, social image or text (in any language)
     * names an address under `/media/`.
     */
    async mediaReferences(): Promise<
      { id: number; slug: string; title: string; image: string; texts: string[] }[]
    > {
      const rows: Row[] = await anyKind()
        .where('image_url', 'like', '%/media/%')
        .orWhere('social_image', 'like', '%/media/%')
        .orWhere('content', 'like', '%/media/%')
        .orWhereIn(
          'id',
          db('news_translations')
            .select('news_id')
            .where('content', 'like', '%/media/%')
            .orWhere('social_image', 'like', '%/media/%'),
        )
        .select('id', 'slug', 'title', 'image_url', 'social_image', 'content');
      const ids = rows.map((r) => Number(r.id));
      const byArticle = await translations.forArticles(ids);
      return rows.map((r) => ({
        id: Number(r.id),
        slug: String(r.slug),
        title: String(r.title),
        image: String(r.image_url ?? ''),
        texts: [
          String(r.content),
          String(r.social_image ?? ''),
          ...(byArticle.get(Number(r.id)) ?? []).flatMap((t) => [t.content, t.social_image ?? '']),
        ],
      }));
    },
  };
}

/** Released articles whose time has come by `at` (a published one without a time counts too). */
export function visibleAt(q: Knex.QueryBuilder, at: string): Knex.QueryBuilder {
  return q
    .where('news.published', true)
    .andWhere((w) => w.whereNull('news.published_at').orWhere('news.published_at', '<=', at));
}

export type NewsRepo = ReturnType<typeof createNewsRepo>;
