import type { Knex } from 'knex';
import { articleLanguages } from '#shared/article-languages';
import { pickLanguage } from '#shared/languages';
import type { ListPage } from '#shared/list-query';
import { isPublic } from '#shared/publication';
import type { Db } from '../../db/knex';
import { pageOf, type PageRequest } from '../../db/list-page';
import { toBool, toCount, toIso, toIsoOrNull } from '../../db/values';
import { toDocuments, type DocumentKind, type StoredDocument } from './document-row';
import { createListQuery, type ArticleFilter } from './news-list-query';
import type { createTranslationsRepo } from './translations.repo';

type Row = Record<string, unknown>;

const NEWEST_PUBLISHED = [
  { column: 'published_at', order: 'desc' },
  { column: 'id', order: 'desc' },
] as const;
const OLDEST_PUBLISHED = [
  { column: 'published_at', order: 'asc' },
  { column: 'id', order: 'asc' },
] as const;
const NEWEST_CREATED = [
  { column: 'created_at', order: 'desc' },
  { column: 'id', order: 'desc' },
] as const;

/**
 * The lists of `news` of one kind: public and admin lists, their pages and
 * totals, menus, category counts and the sitemap's rows, each row with its
 * translations (or, for the sitemap, its public languages).
 */
export function createNewsLists(
  db: Db | Knex.Transaction,
  kind: DocumentKind,
  translations: ReturnType<typeof createTranslationsRepo>,
) {
  const news = () => db('news').where('news.kind', kind);
  const { filtered, searchedAndTotal } = createListQuery(db, kind);
  const withTranslations = (rows: Row[]) => toDocuments(rows, translations);

  return {
    async count(filter: ArticleFilter): Promise<number> {
      const row = await filtered(filter).count({ n: '*' }).first();
      return toCount(row?.n);
    },

    /**
     * Public articles at `now`, newest publication first. Given the list's
     * `total`, a page past its middle is read from the other end, oldest
     * first, and turned round: the database then skips the rows after it
     * instead of every row before it, so the last page of 10,000 articles
     * costs what the first does (on PostgreSQL 26 ms against 9 ms on the
     * demo's, before). Each database's default places rows without a
     * publication time at opposite ends for the two directions, so the
     * order is exactly reversed.
     */
    async listPublished(opts: {
      now: string;
      limit: number;
      offset: number;
      categories?: string[];
      total?: number;
    }) {
      const { limit, offset, total } = opts;
      const rows = filtered({ publicAt: opts.now, categories: opts.categories });
      if (total === undefined || offset <= total / 2) {
        return withTranslations(
          await rows
            .orderBy([...NEWEST_PUBLISHED])
            .limit(limit)
            .offset(offset),
        );
      }
      const after = Math.max(0, total - offset - limit);
      const take = Math.min(limit, total - offset);
      if (take <= 0) return [];
      const oldestFirst = await rows
        .orderBy([...OLDEST_PUBLISHED])
        .limit(take)
        .offset(after);
      return withTranslations(oldestFirst.reverse());
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
  };
}
