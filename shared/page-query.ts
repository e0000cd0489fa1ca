/**
 * The query parameters a public page reads, declared on its route
 * (web/site/routes.tsx, `handle.query`) and nowhere else. The server renders
 * a page with these parameters only, each in its one canonical form, and
 * keeps its rendered answer under them (server/site/page-cache/): a
 * parameter a page reads without declaring it never reaches the page, and
 * a test renders every page to catch one (server/site/page-query.test.ts).
 *
 * - `list-page`: `?page=N` of the news list; a page within the list's pages,
 *   anything unreadable being page 1 (shared/pagination.ts, parsePageParam).
 * - `flag`: present only as `1` (`?sent=1`); any other value is no flag.
 */
export type PageQueryKind = 'list-page' | 'flag';

export type PageQuery = Readonly<Record<string, PageQueryKind>>;

/** What a route's `handle` carries. */
export type PageRouteHandle = { query?: PageQuery };
