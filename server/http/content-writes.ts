import type { Response, RequestHandler } from 'express';
import type { ContentVersion } from '../content-version';

const READS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Bumps the content version after every successful write to the API paths
 * that hold public content (articles, translations, images), so no cache
 * keeps an old answer. The bump happens as the answer is ended, and the
 * answer leaves only once the other instances have been told (PostgreSQL
 * NOTIFY, a few milliseconds), so the writer's next request, on this
 * instance or any other, already misses the cache.
 */
export function bumpOnContentWrite(version: ContentVersion, prefixes: string[]): RequestHandler {
  return (req, res, next) => {
    if (READS.has(req.method) || !prefixes.some((p) => req.path.startsWith(p))) return next();
    const end = res.end.bind(res) as (...args: unknown[]) => Response;
    res.end = ((...args: unknown[]) => {
      res.end = end as Response['end'];
      if (res.statusCode >= 400) return end(...args);
      void version.bump(`${req.method} ${req.baseUrl}${req.path}`).then(() => end(...args));
      return res;
    }) as Response['end'];
    next();
  };
}
