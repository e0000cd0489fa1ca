import type { Knex } from 'knex';
import type { ListPage } from '#shared/list-query';
import { pageOffset } from '#shared/pagination';
import { toCount } from './values';

/** Which page of a list, and how long pages are. */
export type PageRequest = { page: number; perPage: number };

/**
 * A filter's appliers: for each field of the filter, how a set value narrows
 * the query. A list's filters live in one such table, so that a new filter
 * is one entry (the type asks for every field).
 */
export type FilterAppliers<F, C = void> = {
  [K in keyof F]-?: (q: Knex.QueryBuilder, value: NonNullable<F[K]>, context: C) => void;
};

/** Applies the set fields of a filter (undefined ones are left out) to a query. */
export function applyFilters<F extends object, C = void>(
  q: Knex.QueryBuilder,
  filter: F,
  appliers: FilterAppliers<F, C>,
  context: C,
): Knex.QueryBuilder {
  for (const key of Object.keys(appliers) as (keyof F)[]) {
    const value = filter[key];
    if (value !== undefined && value !== null)
      appliers[key](q, value as NonNullable<F[keyof F]>, context);
  }
  return q;
}

/**
 * One page of an ordered, filtered query and the count of every row it
 * matches (both asked together), its rows made items by `toItems`. `query`
 * carries the filters and the order; the count drops the order. A list
 * whose total is kept elsewhere (counts kept by the database) passes it as
 * `total`, and no row is counted.
 */
export async function pageOf<T>(
  query: Knex.QueryBuilder,
  { page, perPage }: PageRequest,
  toItems: (rows: Record<string, unknown>[]) => T[] | Promise<T[]>,
  total?: Promise<number>,
): Promise<ListPage<T>> {
  const counting =
    total ??
    query
      .clone()
      .clearSelect()
      .clearOrder()
      .count({ n: '*' })
      .first()
      .then((counted: { n?: unknown } | undefined) => toCount(counted?.n));
  const [rows, counted] = await Promise.all([
    query.clone().limit(perPage).offset(pageOffset(page, perPage)),
    counting,
  ]);
  return { items: await toItems(rows as Record<string, unknown>[]), total: counted };
}
