import type { Knex } from 'knex';

/**
 * The upkeep of the sums kept beside `page_views` (decision 036, amended
 * 2026-11-28): `page_view_months` (each page's views and enquiries per
 * month and language, and the month's last day it has a row for) and
 * `page_view_days` (all pages' views per day), added to in the transaction
 * that adds to `page_views` (the view counter's flush, an enquiry counted),
 * with upserts that add up across instances, in the order of their keys.
 */

/** Rows per statement (well within SQLite's limit on bound values). */
const CHUNK = 100;

/** The later of a month's `last_day` and the one upserted (an upsert's SQL, both databases). */
export const LATER_DAY =
  'case when excluded.last_day > page_view_months.last_day then excluded.last_day else page_view_months.last_day end';

/** A page view row: day, page, document id, language, views. */
export type PageViews = [string, string, number, string, number];

/** A month's sum of a page in a language: month, page, document id, language, views, last day. */
type MonthViews = [string, string, number, string, number, string];

const compare = (a: string | number, b: string | number) => (a < b ? -1 : a > b ? 1 : 0);

/**
 * The order of `page_views`' primary key (day, page, document_id, language),
 * and of `page_view_months`' (month, page, document_id, language).
 */
export function byPageViewKey(a: PageViews | MonthViews, b: PageViews | MonthViews): number {
  return compare(a[0], b[0]) || compare(a[1], b[1]) || a[2] - b[2] || compare(a[3], b[3]);
}

/**
 * Adds the rows' views (just added to `page_views`, in the transaction
 * `trx`) to their months' sums and then to their days' totals: every writer
 * takes the rows of these tables in one order.
 */
export async function addToSums(trx: Knex.Transaction, rows: PageViews[]): Promise<void> {
  await addMonthViews(trx, rows);
  await addDayViews(trx, rows);
}

/**
 * Adds the rows' views to their months' sums (`page_view_months`, the
 * report's whole months), in the order of its key (month, page,
 * document_id, language), after `page_views` and before `page_view_days`.
 */
async function addMonthViews(trx: Knex.Transaction, rows: PageViews[]): Promise<void> {
  const sums = new Map<string, MonthViews>();
  for (const [day, page, id, language, n] of rows) {
    const month = day.slice(0, 7);
    const key = `${month}|${page}|${id}|${language}`;
    const sum = sums.get(key);
    if (!sum) sums.set(key, [month, page, id, language, n, day]);
    else {
      sum[4] += n;
      if (day > sum[5]) sum[5] = day;
    }
  }
  const sorted = [...sums.values()].sort(byPageViewKey);
  for (let i = 0; i < sorted.length; i += CHUNK) {
    const chunk = sorted.slice(i, i + CHUNK);
    await trx.raw(
      `insert into page_view_months (month, page, document_id, language, views, last_day)
       values ${chunk.map(() => '(?, ?, ?, ?, ?, ?)').join(', ')}
       on conflict (month, page, document_id, language)
       do update set views = page_view_months.views + excluded.views,
         last_day = ${LATER_DAY}`,
      chunk.flat(),
    );
  }
}

/** Adds the rows' views to their days' totals (`page_view_days`), in the order of the days. */
async function addDayViews(trx: Knex.Transaction, rows: PageViews[]): Promise<void> {
  const sums = new Map<string, number>();
  for (const [day, , , , n] of rows) sums.set(day, (sums.get(day) ?? 0) + n);
  const sorted = [...sums].sort((a, b) => compare(a[0], b[0]));
  for (let i = 0; i < sorted.length; i += CHUNK) {
    const chunk = sorted.slice(i, i + CHUNK);
    await trx.raw(
      `insert into page_view_days (day, views)
       values ${chunk.map(() => '(?, ?)').join(', ')}
       on conflict (day) do update set views = page_view_days.views + excluded.views`,
      chunk.flat(),
    );
  }
}
