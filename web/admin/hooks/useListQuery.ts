import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router-dom';
import type { z } from 'zod';

type Param = string | number | boolean | undefined;
type Change = Record<string, Param>;

/**
 * The fields of an address's parameters that a list's schema accepts
 * (shared/list-query.ts), each checked on its own: one that does not parse
 * (a link typed by hand, an old bookmark) is left out, the others kept.
 */
export function parseListParams<S extends z.ZodObject>(
  schema: S,
  params: URLSearchParams,
): z.output<S> {
  const raw: Record<string, string> = {};
  for (const key of Object.keys(schema.shape)) {
    const value = params.get(key);
    if (value !== null) raw[key] = value;
  }
  for (;;) {
    const result = schema.safeParse(raw);
    if (result.success) return result.data;
    const bad = new Set(result.error.issues.map((issue) => String(issue.path[0])));
    const before = Object.keys(raw).length;
    for (const key of bad) delete raw[key];
    if (Object.keys(raw).length === before) return schema.parse({});
  }
}

/**
 * A list's filters, search, order and page kept in the address (`?q=…&page=2`),
 * so reload, Back and a shared link show the same list. `set` changes the
 * named parameters (undefined or empty text drops one, and page 1 needs
 * none) and goes back to page 1 unless it names the page; other parameters of the
 * address (the dashboard's tab) stay. `replace` leaves no history entry
 * (for a search being typed).
 */
export function useListQuery<S extends z.ZodObject>(schema: S) {
  const [params, setParams] = useSearchParams();
  const query = useMemo(() => parseListParams(schema, params), [schema, params]);
  const set = useCallback(
    (change: Change, { replace = false }: { replace?: boolean } = {}) =>
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          if (!('page' in change)) next.delete('page');
          for (const [key, value] of Object.entries(change)) {
            if (value === undefined || value === '' || (key === 'page' && value === 1)) {
              next.delete(key);
            } else next.set(key, String(value));
          }
          return next;
        },
        { replace },
      ),
    [setParams],
  );
  return [query, set] as const;
}
