/** Page size of the public news list. */
export const NEWS_PAGE_SIZE = 6;
/** Largest page size the API accepts. */
export const MAX_PAGE_SIZE = 50;
/** How many page numbers the pagination control shows around the current page. */
export const PAGE_WINDOW = 5;

export function pageCount(total: number, perPage: number): number {
  return Math.max(1, Math.ceil(total / perPage));
}

export function pageOffset(page: number, perPage: number): number {
  return (page - 1) * perPage;
}

export type PageItem = number | 'start-ellipsis' | 'end-ellipsis';

/**
 * The items of the pagination control: a window of up to `size` page numbers
 * centred on `current`, plus shortcuts to the first and last page, with an
 * ellipsis wherever the window does not reach them.
 *
 * pageWindow(5, 10) -> [1, 'start-ellipsis', 3, 4, 5, 6, 7, 'end-ellipsis', 10]
 */
export function pageWindow(current: number, total: number, size = PAGE_WINDOW): PageItem[] {
  if (total <= 1) return total === 1 ? [1] : [];
  const page = Math.min(Math.max(1, Math.trunc(current)), total);
  const width = Math.min(size, total);
  let start = Math.max(1, page - Math.floor(width / 2));
  const end = Math.min(total, start + width - 1);
  start = Math.max(1, end - width + 1);

  const items: PageItem[] = [];
  if (start > 1) items.push(1);
  if (start > 2) items.push('start-ellipsis');
  for (let p = start; p <= end; p++) items.push(p);
  if (end < total - 1) items.push('end-ellipsis');
  if (end < total) items.push(total);
  return items;
}

/**
 * `?page=` of a list's address as a page number: a whole number from 1 written
 * in plain digits (at most nine, as the API accepts); anything else (missing,
 * empty, zero, negative, `2.5`, `1e3`, ` 2`) is page 1. Pages and the API use it alike.
 */
export function parsePageParam(raw: string | null | undefined): number {
  if (raw === null || raw === undefined || !/^\d{1,9}$/.test(raw)) return 1;
  return Math.max(1, Number(raw));
}
