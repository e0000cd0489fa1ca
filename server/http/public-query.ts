import type { RequestHandler } from 'express';
import { isLanguage } from '#shared/languages';

/** A declared parameter's value that no answer may be kept under (answered, never stored). */
export const INVALID: unique symbol = Symbol('invalid query value');
export type Invalid = typeof INVALID;

/**
 * One declared query parameter: its value as sent (undefined when absent),
 * and the values the rules declared before it made of theirs; out comes its
 * one canonical value, undefined when it gives the same answer as no value
 * at all, or INVALID when no answer may be kept for it (the route still
 * answers: a 400, an empty page past the last).
 */
export type QueryRule = (
  value: string | undefined,
  before: Readonly<Record<string, string>>,
) => string | undefined | Invalid;

/**
 * The query parameters one public route reads, each with its rule, declared
 * next to the route (`readsQuery`, or a page's `handle.query`). `lang` is
 * declared for every route: any answer, an error included, may speak the
 * language it names.
 */
export type PublicQuery = { readonly rules: readonly (readonly [string, QueryRule])[] };

/** A valid language is kept; any other value names none (`?lang=xx` is as if absent). */
export const language: QueryRule = (value) => (isLanguage(value) ? value : undefined);

export function publicQuery(rules: Record<string, QueryRule> = {}): PublicQuery {
  return { rules: Object.entries({ lang: language, ...rules }) };
}

/** What a request's query is under a route's declaration. */
export type ReadQuery =
  /** Every declared value valid: their canonical values, and the part of a cache key they make. */
  | { valid: true; values: Record<string, string>; key: string }
  /** Some value invalid (or given twice): the declared values as sent, the first of each. */
  | { valid: false; values: Record<string, string> };

/**
 * Reads the declared parameters of `search` (the request target after its
 * `?`, or ''): anything else in it is left out. The key part names each
 * canonical value encoded (`page=2&lang=de`), so no value can pass for
 * another (`?page=2%26lang%3Dde` is one invalid page number, not two values).
 */
export function readQuery(query: PublicQuery, search: string): ReadQuery {
  const params = search === '' ? null : new URLSearchParams(search);
  const values: Record<string, string> = {};
  let key = '';
  let valid = true;
  for (const [name, rule] of query.rules) {
    const sent = params?.getAll(name);
    if (sent && sent.length > 1) valid = false;
    const value = sent?.[0];
    const canonical = rule(value, values);
    if (canonical === INVALID) valid = false;
    else if (canonical !== undefined) {
      values[name] = canonical;
      key += `${key ? '&' : ''}${name}=${encodeURIComponent(canonical)}`;
    }
  }
  if (valid) return { valid, values, key };
  const sent: Record<string, string> = {};
  for (const [name] of query.rules) {
    const value = params?.get(name);
    if (value !== null && value !== undefined) sent[name] = value;
  }
  return { valid: false, values: sent };
}

/** The query of a request target, without its `?` ('' for none). */
export function searchOf(url: string): string {
  const q = url.indexOf('?');
  return q === -1 ? '' : url.slice(q + 1);
}

/** `?a=1&b=2` of values, or '' for none. */
export function queryString(values: Record<string, string>): string {
  const text = new URLSearchParams(values).toString();
  return text ? `?${text}` : '';
}

/** What the page cache reads of a response: the declaration its route answered under. */
export type DeclaredLocals = { publicQuery?: PublicQuery };

/**
 * Declares the query parameters of a public route (Express middleware, put
 * right before its handler): the page cache keeps the answer under them
 * (and only when each is valid), and the handler sees them alone, each in
 * its canonical form when all are valid. Reading any other parameter of
 * `req.query` throws, in every environment, so a route that starts reading
 * one fails at once instead of being served one cached answer for every
 * value of it.
 */
export function readsQuery(query: PublicQuery): RequestHandler {
  const declared = new Set(query.rules.map(([name]) => name));
  return (req, res, next) => {
    const read = readQuery(query, searchOf(req.originalUrl));
    (res.locals as DeclaredLocals).publicQuery = query;
    Object.defineProperty(req, 'query', {
      value: onlyDeclared(read.values, declared),
      configurable: true,
      enumerable: true,
    });
    next();
  };
}

/** Names a reader may look up on any object without reading the query (serialisers, promises). */
const NOT_PARAMETERS = new Set(['toJSON', 'then', 'constructor', 'valueOf', 'toString']);

/** `values` that throw when asked for an undeclared parameter. */
function onlyDeclared(values: Record<string, string>, declared: Set<string>): object {
  const target = Object.assign(Object.create(null) as Record<string, string>, values);
  const check = (name: string | symbol) => {
    if (typeof name === 'string' && !declared.has(name) && !NOT_PARAMETERS.has(name)) {
      throw new Error(`query parameter "${name}" is read but not declared (readsQuery)`);
    }
  };
  return new Proxy(target, {
    get(object, name) {
      check(name);
      return Reflect.get(object, name);
    },
    has(object, name) {
      check(name);
      return Reflect.has(object, name);
    },
  });
}
