import type { Response } from 'express';
import { TOTAL_COUNT_HEADER, type ListPage } from '#shared/list-query';

/**
 * Answers a list: a page as `{data: [...]}` with its total in the
 * `X-Total-Count` header, or a whole list (asked without `page`) as it is.
 */
export function sendList<T>(res: Response, list: ListPage<T> | T[]): void {
  if (Array.isArray(list)) {
    res.json({ data: list });
    return;
  }
  res.set(TOTAL_COUNT_HEADER, String(list.total)).json({ data: list.items });
}
