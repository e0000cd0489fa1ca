import { categoryGroup } from '#shared/categories';
import type { CategoryCount } from '#shared/news';
import { MAX_PAGE_SIZE, NEWS_PAGE_SIZE, pageCount, parsePageParam } from '#shared/pagination';
import type { ContentChanges } from '../../content-version';
import { INVALID, type QueryRule } from '../../http/public-query';
import type { Logger } from '../../logger';
import type { NewsService } from './news.service';

/** How long a failed count waits before the next read tries again. */
const RETRY_MS = 1_000;

/**
 * How far the public news list goes: its public articles by category,
 * counted once per content version (one query after each change), so the
 * query rules below can tell a page past the last or an unknown category
 * without a query of their own. Unknown (undefined) while being counted.
 */
export type ListBounds = {
  /** The list's pages at `perPage` a page (of one category's group), or undefined while unknown. */
  pages(perPage: number, group?: string): number | undefined;
  /** The group of a category with public articles (shared/categories.ts), null for none. */
  group(category: string): string | null | undefined;
};

export function createListBounds(deps: {
  news: Pick<NewsService, 'categories'>;
  content: Pick<ContentChanges, 'onChange'>;
  logger: Logger;
}): ListBounds {
  let counts: Map<string, number> | undefined;
  let total = 0;
  let generation = 0;
  let counting = false;
  let failedAt = -Infinity;

  function count(): void {
    if (counting || performance.now() - failedAt < RETRY_MS) return;
    counting = true;
    const started = generation;
    deps.news.categories().then(
      (list: CategoryCount[]) => {
        counting = false;
        // Content moved on while counting: this count is already old.
        if (started !== generation) return count();
        counts = new Map(list.map((c) => [c.category, c.count]));
        total = list.reduce((sum, c) => sum + c.count, 0);
      },
      (err: unknown) => {
        counting = false;
        failedAt = performance.now();
        deps.logger.warn({ err }, 'news list bounds: counting failed');
      },
    );
  }
  deps.content.onChange(() => {
    generation += 1;
    counts = undefined;
    count();
  });

  return {
    pages(perPage, group) {
      if (!counts) return void count();
      return pageCount(group === undefined ? total : (counts.get(group) ?? 0), perPage);
    },
    group(category) {
      if (!counts) return void count();
      const group = categoryGroup(category);
      return counts.has(group) ? group : null;
    },
  };
}

/**
 * `?page=` of the news page: anything unreadable is page 1 (parsePageParam),
 * so it and `page=1` are no value; a page past the last (or while the count
 * is not known) is answered but never kept.
 */
export function listPageRule(bounds: ListBounds): QueryRule {
  return (value) => {
    if (value === undefined) return undefined;
    const page = parsePageParam(value);
    if (page === 1) return undefined;
    const pages = bounds.pages(NEWS_PAGE_SIZE);
    return pages !== undefined && page <= pages ? String(page) : INVALID;
  };
}

const WHOLE_NUMBER = /^\d{1,9}$/;
/** The longest `?category=` the list accepts (server/http/params.ts). */
const MAX_CATEGORY_LENGTH = 60;

/**
 * `GET /api/news`: `per_page` and `category` (the rules of server/http/params.ts,
 * whose refusals are 400s that are never kept), then `page` within the
 * list they make. Defaults are no value: `per_page=6` and `page=1` are the
 * answer without them.
 */
export function newsListRules(bounds: ListBounds): Record<string, QueryRule> {
  return {
    per_page(value) {
      if (value === undefined) return undefined;
      const perPage = WHOLE_NUMBER.test(value) ? Number(value) : 0;
      if (perPage < 1 || perPage > MAX_PAGE_SIZE) return INVALID;
      return perPage === NEWS_PAGE_SIZE ? undefined : String(perPage);
    },
    category(value) {
      const wanted = value?.trim();
      if (!wanted) return undefined;
      if (wanted.length > MAX_CATEGORY_LENGTH) return INVALID;
      return bounds.group(wanted) ?? INVALID;
    },
    page(value, before) {
      if (value === undefined) return undefined;
      const page = WHOLE_NUMBER.test(value) ? Number(value) : 0;
      if (page < 1) return INVALID;
      if (page === 1) return undefined;
      const perPage = Number(before.per_page ?? NEWS_PAGE_SIZE);
      const pages = bounds.pages(perPage, before.category);
      return pages !== undefined && page <= pages ? String(page) : INVALID;
    },
  };
}
