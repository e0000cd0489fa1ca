import type { Knex } from 'knex';
import { OTHER_REFERRER, RARE_REFERRER_VIEWS, type ViewedPage } from '#shared/analytics';
import { pickLanguage, type Language } from '#shared/languages';
import type { Db } from '../../db/knex';
import { toCount } from '../../db/values';
import { LATER_DAY } from './page-view-sums';

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

/** The month (`YYYY-MM`) of a day (`YYYY-MM-DD`). */
export const monthOf = (day: string): string => day.slice(0, 7);

/**
 * The first month a period from `day` on holds whole: `day`'s own when it
 * is the first of its month, else the next one.
 */
export function firstWholeMonth(day: string): string {
  if (day.endsWith('-01')) return monthOf(day);
  const [year, month] = day.split('-').map(Number) as [number, number];
  return new Date(Date.UTC(year, month, 1)).toISOString().slice(0, 7);
}

/**
 * How the report sums the days of a period's first month from `day` on:
 * those days one by one (`days`), or the month's sums less the days before
 * `day` (`rest`), whichever reads fewer days (at most half a month).
 */
export function firstMonthBy(day: string): 'days' | 'rest' {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  const length = new Date(Date.UTC(year, month, 0)).getUTCDate();
  const before = date - 1;
  return length - before <= before ? 'days' : 'rest';
}

/**
 * Plain knex queries on the counts: `page_views` and `referrer_views` per
 * day, and the sums kept beside them in the same writes, `page_view_months`
 * (per month) and `page_view_days` (all pages' views per day).
 */
export function createAnalyticsRepo(db: Db) {
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
      await trx.raw(
        `insert into page_view_months (month, page, document_id, language, views, enquiries, last_day)
         values (?, 'document', ?, ?, 0, 1, ?)
         on conflict (month, page, document_id, language)
         do update set enquiries = page_view_months.enquiries + 1, last_day = ${LATER_DAY}`,
        [monthOf(day), documentId, language, day],
      );
    },

    /**
     * One enquiry fewer from an article or page (filed as spam), in that
     * change's transaction; never below zero, and off its month's sum only
     * when it was taken off its day.
     */
    async removeEnquiry(trx: Knex, day: string, documentId: number, language: Language) {
      const key = { page: 'document', document_id: documentId, language };
      const taken = await trx('page_views')
        .where({ day, ...key })
        .where('enquiries', '>', 0)
        .decrement('enquiries', 1);
      if (Number(taken) === 0) return;
      await trx('page_view_months')
        .where({ month: monthOf(day), ...key })
        .where('enquiries', '>', 0)
        .decrement('enquiries', 1);
    },

    /** Views per day (`YYYY-MM-DD`) from `day` on: one kept row a day. */
    async viewsPerDay(day: string): Promise<Map<string, number>> {
      const rows: Row[] = await db('page_view_days').where('day', '>=', day).select('day', 'views');
      return new Map(rows.map((r) => [String(r.day), toCount(r.views)]));
    },

    /**
     * Each page's views and enquiries per language from `day` on, with its
     * article's or page's slug and title: every month after `day`'s whole
     * (`page_view_months`) and, of `day`'s month, its days from `day` on
     * (`page_views_by_day_index`) or its sums less the days before `day`,
     * whichever reads fewer days. A page is listed when it has a day from
     * `day` on (a month's `last_day` tells, when its days are not read), as
     * a plain sum of the days would list it. Only the sums, a few per page,
     * are joined with `news`.
     */
    async pages(day: string): Promise<PageLanguageTotals[]> {
      const key = ['page', 'document_id', 'language'];
      const whole = firstWholeMonth(day);
      const parts =
        whole === monthOf(day) || firstMonthBy(day) === 'days'
          ? // The first month's days from `day` on, one by one, and the months after it.
            db('page_views')
              .where('day', '>=', day)
              .where('day', '<', `${whole}-01`)
              .select(...key, 'views', 'enquiries', db.raw('1 as present'))
              .unionAll(
                db('page_view_months')
                  .where('month', '>=', whole)
                  .select(...key, 'views', 'enquiries', db.raw('1 as present')),
              )
          : // Its month whole and the months after it, less the days before `day`.
            db('page_view_months')
              .where('month', '>=', monthOf(day))
              .select(
                ...key,
                'views',
                'enquiries',
                db.raw('case when last_day >= ? then 1 else 0 end as present', [day]),
              )
              .unionAll(
                db('page_views')
                  .where('day', '>=', `${monthOf(day)}-01`)
                  .where('day', '<', day)
                  .select(
                    ...key,
                    db.raw('0 - views as views'),
                    db.raw('0 - enquiries as enquiries'),
                    db.raw('0 as present'),
                  ),
              );
      const totals = db
        .from(parts.as('period'))
        .select(...key)
        .sum({ views: 'views', enquiries: 'enquiries' })
        .groupBy(...key)
        .havingRaw('max(present) = 1')
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
      const rows: Row[] = await db('referrer_views')
        .where('day', '>=', day)
        .select({ host })
        .sum({ n: 'views' })
        .groupBy(host);
      return rows.map((r) => ({ host: String(r.host), views: toCount(r.n) }));
    },
  };
}

export type AnalyticsRepo = ReturnType<typeof createAnalyticsRepo>;
