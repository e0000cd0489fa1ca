import type { RequestHandler } from 'express';
import type { ContentVersion } from '../content-version';

const READS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Bumps the content version after every successful write to the API paths
 * that hold public content (articles, translations, images), so no cache
 * keeps an old answer. The bump happens when the answer is handed to the
 * network, before the writer can read it, so the writer's next request
 * already misses the cache.
 */
export function bumpOnContentWrite(version: ContentVersion, prefixes: string[]): RequestHandler {
  return (req, res, next) => {
    if (READS.has(req.method) || !prefixes.some((p) => req.path.startsWith(p))) return next();
    res.on('finish', () => {
      if (res.statusCode < 400) version.bump(`${req.method} ${req.baseUrl}${req.path}`);
    });
    next();
  };
}
