import type { PageQuery, PageQueryKind } from '#shared/page-query';
import { listPageRule, type ListBounds } from '../features/news/list-bounds';
import { publicQuery, type PublicQuery, type QueryRule } from '../http/public-query';

/** `?sent=1`: present only as `1`; any other value is no flag. */
const flag: QueryRule = (value) => (value === '1' ? '1' : undefined);

/**
 * The server's rule for each kind of parameter a page may declare
 * (shared/page-query.ts), and the declaration of a page as the page cache
 * and the render take it: what its route declares, and `lang` (read here,
 * by the page's language). One declaration per set of kinds, made once.
 */
export function pageQueries(bounds: ListBounds): (declared: PageQuery) => PublicQuery {
  const rules: Record<PageQueryKind, QueryRule> = { 'list-page': listPageRule(bounds), flag };
  const made = new Map<string, PublicQuery>();
  return (declared) => {
    const id = JSON.stringify(declared);
    let query = made.get(id);
    if (!query) {
      const entries = Object.entries(declared).map(([name, kind]) => [name, rules[kind]]);
      query = publicQuery(Object.fromEntries(entries) as Record<string, QueryRule>);
      made.set(id, query);
    }
    return query;
  };
}
