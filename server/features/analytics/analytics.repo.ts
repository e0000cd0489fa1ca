import type { Knex } from 'knex';
import { OTHER_REFERRER, RARE_REFERRER_VIEWS, type ViewedPage } from '#shared/analytics';
import { pickLanguage, type Language } from '#shared/languages';
import type { Db } from '../../db/knex';
import { toCount } from '../../db/values';

type Row = Record<string, unknown>;

/** A page's totals over a period, with its article's or page's address and title when it has one. */
export type PageTotals = {
  page: ViewedPage;
  id: number;
  views: number;
  enquiries: number;
  /** The article or page (`document`) as it is now; null for the site's own pages and a deleted one. */
  document: { slug: string; title: string } | null;
};

/** A page's totals in one language over a period. */
export type PageLanguageTotals = PageTotals & { language: Language };

/** Plain knex queries on the counts (`page_views`, `referrer_views`). */
export function createAnalyticsRepo(db: Db) {
  const since = (table: string, day: string) => db(table).where(`${table}.day`, '>=', day);

  return {
    /** One enquiry more from an article or page, in the enquiry's own transaction. */
    async addEnquiry(trx: Knex, day: string, documentId: number, language: Language) {
      await trx.raw(
        `insert into page_views (day, page, document_id, language, views, enquiries)
         values (?, 'document', ?, ?, 0, 1)
         on conflict (day, page, document_id, language)
         do update set enquiries = page_views.enquiries + 1`,
        [day, documentId, language],
      );
    },

    /**
     * One enquiry fewer from an article or page (filed as spam), in that
     * change's transaction; never below zero.
     */
    async removeEnquiry(trx: Knex, day: string, documentId: number, language: Language) {
      await trx('page_views')
        .where({ day, page: 'document', document_id: documentId, language })
        .where('enquiries', '>', 0)
        .decrement('enquiries', 1);
    },

    /** Views per day (`YYYY-MM-DD`) from `day` on. */
    async viewsPerDay(day: string): Promise<Map<string, number>> {
      const rows: Row[] = await since('page_views', day)
        .select('day')
        .sum({ n: 'views' })
        .groupBy('day');
      return new Map(rows.map((r) => [String(r.day), toCount(r.n)]));
    },

    /**
     * Each page's views and enquiries per language from `day` on, with its
     * article's or page's slug and title. The rows are summed first, in the
     * order of `page_views_pages_index` (no sort of the period's rows, and
     * the table is not read), and only the sums, a few per page, are joined
     * with `news`.
     */
    async pages(day: string): Promise<PageLanguageTotals[]> {
      const totals = since('page_views', day)
        .select('page', 'document_id', 'language')
        .sum({ views: 'views', enquiries: 'enquiries' })
        .groupBy('page', 'document_id', 'language')
        .as('totals');
      const rows: Row[] = await db
        .from(totals)
        .leftJoin('news', function () {
          this.on('news.id', '=', 'totals.document_id').andOnVal('totals.page', '=', 'document');
        })
        .select('totals.*', 'news.slug', 'news.title');
      return rows.map((r) => ({
        page: String(r.page) as ViewedPage,
        id: Number(r.document_id),
        language: pickLanguage(r.language),
        views: toCount(r.views),
        enquiries: toCount(r.enquiries),
        document:
          r.slug === null || r.slug === undefined
            ? null
            : { slug: String(r.slug), title: String(r.title) },
      }));
    },

    /**
     * Views per referring host from `day` on; a host with fewer than
     * RARE_REFERRER_VIEWS views on a day counts as `other` for that day.
     */
    async referrers(day: string): Promise<{ host: string; views: number }[]> {
      // Constants of the code, written into the SQL: PostgreSQL matches the grouped expression
      // with the selected one only when they are the same text, bound values included.
      const host = db.raw(
        `case when views < ${Number(RARE_REFERRER_VIEWS)} then '${OTHER_REFERRER}' else host end`,
      );
      const rows: Row[] = await since('referrer_views', day)
        .select({ host })
        .sum({ n: 'views' })
        .groupBy(host);
      return rows.map((r) => ({ host: String(r.host), views: toCount(r.n) }));
    },
  };
}

export type AnalyticsRepo = ReturnType<typeof createAnalyticsRepo>;
