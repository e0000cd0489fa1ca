import type { Knex } from 'knex';
import { OTHER_REFERRER, RARE_REFERRER_VIEWS, type ViewedPage } from '#shared/analytics';
import { pickLanguage, type Language } from '#shared/languages';
import { isEmbedded, type Db } from '../../db/knex';
import { toBool, toCount, toIsoOrNull } from '../../db/values';
import { LATER_DAY } from './page-view-sums';

type Row = Record<string, unknown>;

/** A page's totals over a period, with its article's or page's address and title when it has one. */
export type PageTotals = {
  page: ViewedPage;
  id: number;
  views: number;
  enquiries: number;
  /**
   * The article or page (`document`) as it is now, with what says whether it
   * is public; null for the site's own pages and a deleted one.
   */
  document: {
    slug: string;
    title: string;
    published: boolean;
    published_at: string | null;
  } | null;
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
 * The fewest of a period's first-month days, read one by one, that SQLite
 * sums in a statement of their own (pages()), run beside the months' on
 * another pooled connection: SQLite groups a statement's rows by sorting
 * them all, on one core (the worst period, 15 days and 12 months at the
 * bench's three years of views, was 81,000 rows in one statement). With
 * fewer days the second statement's rows cost more than its smaller sort
 * saves. PostgreSQL hashes the rows; a second statement there only added
 * its rows' cost (decision 036).
 */
const DAYS_APART = 7;

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * What a period's rows are summed by: a page (an article or page by its
 * id) in a language. The id first: SQLite's sort compares rows by a first
 * column that is an integer without reading the rest (each of the worst
 * period's two statements took 11-13% less than with `page` first).
 */
const PAGE_KEY = ['document_id', 'page', 'language'];

/** A page in a language, as a key of a map. */
const keyOf = (row: Row) =>
  `${String(row.page)}:${String(row.document_id)}:${String(row.language)}`;

/** A row of sums per page and language, with its article's or page's slug and title when read. */
function pageTotals(row: Row): PageLanguageTotals {
  return {
    page: String(row.page) as ViewedPage,
    id: Number(row.document_id),
    language: pickLanguage(row.language),
    views: toCount(row.views),
    enquiries: toCount(row.enquiries),
    document:
      row.slug === null || row.slug === undefined
        ? null
        : {
            slug: String(row.slug),
            title: String(row.title),
            published: toBool(row.published),
            published_at: toIsoOrNull(row.published_at),
          },
  };
}

/**
 * Plain knex queries on the counts: `page_views` and `referrer_views` per
 * day, and the sums kept beside them in the same writes, `page_view_months`
 * (per month) and `page_view_days` (all pages' views per day).
 */
export function createAnalyticsRepo(db: Db) {
  /** Each page's sums of `parts` (views, enquiries, `present`): the pages with a row present. */
  const perPage = (parts: Knex.QueryBuilder): Knex.QueryBuilder =>
    db
      .from(parts.as('period'))
      .select(...PAGE_KEY)
      .sum({ views: 'views', enquiries: 'enquiries' })
      .groupBy(...PAGE_KEY)
      .havingRaw('max(present) = 1');

  /** Sums per page (`PAGE_KEY`) with their article's or page's slug and title. */
  const named = (sums: Knex.QueryBuilder): Promise<Row[]> =>
    db
      .from(sums.as('totals'))
      .leftJoin('news', function () {
        this.on('news.id', '=', 'totals.document_id').andOnVal('totals.page', '=', 'document');
      })
      .select('totals.*', 'news.slug', 'news.title', 'news.published', 'news.published_at');

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
     * are joined with `news`. On SQLite a week of days or more is summed in
     * a statement of its own, beside the months' (DAYS_APART).
     */
    async pages(day: string): Promise<PageLanguageTotals[]> {
      const month = monthOf(day);
      const whole = firstWholeMonth(day);
      const rest = whole !== month && firstMonthBy(day) === 'rest';
      // The first month's days read one by one: from `day` on, or those before it.
      const [from, to] = rest ? [`${month}-01`, day] : [day, `${whole}-01`];
      const days = () => db('page_views').where('day', '>=', from).where('day', '<', to);
      const months = rest
        ? // Its month whole and the months after it, less the days before `day`.
          db('page_view_months')
            .where('month', '>=', month)
            .select(
              ...PAGE_KEY,
              'views',
              'enquiries',
              db.raw('case when last_day >= ? then 1 else 0 end as present', [day]),
            )
        : // The first month's days from `day` on, one by one, and the months after it.
          db('page_view_months')
            .where('month', '>=', whole)
            .select(...PAGE_KEY, 'views', 'enquiries', db.raw('1 as present'));
      if (!isEmbedded(db) || (Date.parse(to) - Date.parse(from)) / DAY_MS < DAYS_APART) {
        const both = months.unionAll(
          rest
            ? days().select(
                ...PAGE_KEY,
                db.raw('0 - views as views'),
                db.raw('0 - enquiries as enquiries'),
                db.raw('0 as present'),
              )
            : days().select(...PAGE_KEY, 'views', 'enquiries', db.raw('1 as present')),
        );
        return (await named(perPage(both))).map(pageTotals);
      }
      const daySums = days()
        .select(...PAGE_KEY)
        .sum({ views: 'views', enquiries: 'enquiries' })
        .groupBy(...PAGE_KEY);
      const [monthRows, dayRows] = await Promise.all([
        named(perPage(months)),
        rest ? (daySums as Promise<Row[]>) : named(daySums),
      ]);
      const totals = new Map(monthRows.map((row) => [keyOf(row), pageTotals(row)]));
      const sign = rest ? -1 : 1;
      for (const row of dayRows) {
        const sum = totals.get(keyOf(row));
        if (sum) {
          sum.views += sign * toCount(row.views);
          sum.enquiries += sign * toCount(row.enquiries);
        } else if (!rest) {
          // A page whose only rows in the period are these days.
          totals.set(keyOf(row), pageTotals(row));
        }
      }
      return [...totals.values()];
    },

    /**
     * How many enquiries (not spam) that arrived from `since` (an ISO
     * moment) on came from no article or page: sent from the contact page
     * or a site page, or naming none (`contacts.source_path` null). Read
     * from the enquiries stored, so one deleted no longer counts here.
     */
    async enquiriesWithoutSource(since: string): Promise<number> {
      const row = await db('contacts')
        .where('spam', false)
        .where('created_at', '>=', since)
        .whereNull('source_path')
        .count({ n: '*' })
        .first();
      return toCount(row?.n);
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
