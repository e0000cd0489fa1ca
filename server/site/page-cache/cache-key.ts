import type { IncomingMessage } from 'node:http';
import { readCookie } from '#shared/cookies';
import { isLanguage, LANGUAGE_COOKIE } from '#shared/languages';
import { UPLOAD_PATH } from '#shared/media';
import { isMalformedHost } from '../../http/host';
import { readQuery, type PublicQuery } from '../../http/public-query';
import { hasSessionCookie } from '../../http/sessions';

/** Public reads of the JSON API that are the same for every anonymous visitor (news, the site's catalogues). */
const PUBLIC_API = /^\/api\/(?:news(?:\/categories|\/[^/]+)?|site\/catalogue\/[^/]+|media\/hero)$/;

/**
 * A path in the one form the site writes its own addresses in: lower-case
 * segments of letters, digits and `-._~`, none of them empty, `.` or `..`,
 * nothing percent-encoded, no trailing slash. The router would also answer
 * `/NEWS`, `/news/` or `/a/../news`; those are answered, never kept.
 */
const CANONICAL_PATH = /^\/(?:[a-z0-9_~-][a-z0-9._~-]*(?:\/[a-z0-9_~-][a-z0-9._~-]*)*)?$/;

/** A request as the cache reads it: Node's, or the socket lane's. */
export type KeyedRequest = Pick<IncomingMessage, 'method' | 'url' | 'headers' | 'socket'>;

/** A request for a public answer: a page, a feed or a public read of the news API. */
export type PublicTarget = {
  path: string;
  /** The query, without its `?`. */
  search: string;
  /** False when no answer is kept for it whatever its query: signed in, or a path in another form. */
  keepable: boolean;
  /** The `language` cookie, when it names one: the page's language without an address that names one. */
  cookieLanguage: string;
  /**
   * On `/api`, the `X-Language` header when it names a language: the API
   * reads it before the cookie (server/i18n.ts' requestLanguage), so it
   * changes a public read's answer as the cookie does.
   */
  headerLanguage: string;
};

/**
 * Whether a request is the page cache's to answer (or to render through
 * its gate, see miss-gate.ts) at all: a GET or HEAD of a page, a feed or a
 * public API read (news, the site's catalogues). Null for everything else (writes, the admin, the
 * rest of the API, built files, media, `/healthz`), which goes straight to
 * Express. Works on the bare request, before any framework has looked at it.
 */
export function publicTarget(req: KeyedRequest): PublicTarget | null {
  if (req.method !== 'GET' && req.method !== 'HEAD') return null;
  const url = req.url ?? '/';
  const q = url.indexOf('?');
  const path = q === -1 ? url : url.slice(0, q);
  if (!isPublicPath(path)) return null;
  // A Host that names no host is Express's to answer 400, whatever is kept.
  if (isMalformedHost(req.headers.host)) return null;
  const cookies = req.headers.cookie;
  const cookie = cookies === undefined ? undefined : readCookie(cookies, LANGUAGE_COOKIE);
  const header = path.startsWith('/api/') ? req.headers['x-language'] : undefined;
  return {
    path,
    search: q === -1 ? '' : url.slice(q + 1),
    // Someone signed in (or who was: a stale cookie is looked up like any other).
    keepable: CANONICAL_PATH.test(path) && !hasSessionCookie(cookies),
    cookieLanguage: isLanguage(cookie) ? cookie : '',
    headerLanguage: isLanguage(header) ? header : '',
  };
}

/**
 * Routes match case-sensitively, so `/API/…` is not the API, but it is
 * never the cache's in any spelling all the same: Express answers it the
 * API's 404 (app.ts). Whatever is left to Express here is answered there
 * without a page, outside the gate: built files and uploads a plain 404
 * when missing (static-files.ts, media-files.routes.ts), `/login` and
 * `/admin` the admin's shell.
 */
function isPublicPath(path: string): boolean {
  if (/^\/api(\/|$)/i.test(path)) return PUBLIC_API.test(path) && path !== '/api/news/admin';
  if (path === '/sitemap.xml' || path === '/robots.txt' || path === '/rss.xml') return true;
  // The sitemaps of the index (feeds.handler.ts).
  if (/^\/sitemap-(?:pages|news-[1-9]\d{0,5})\.xml$/.test(path)) return true;
  if (path === '/login' || path === '/admin' || path.startsWith('/admin/')) return false;
  // Built files are answered from memory before the cache (static-files.ts), uploads by the
  // media router; any other address is rendered, a file name too (its 404 page).
  if (path === '/healthz' || path.startsWith('/assets/') || UPLOAD_PATH.test(path)) return false;
  return true;
}

/**
 * The key of an anonymous public answer: everything that changes its bytes
 * and nothing else. The origin (see PublicOrigin.keyOf), the path, the query
 * parameters its route declares, each in its canonical form (readQuery), the
 * `language` cookie, and on the API the `X-Language` header. Null when the answer may not be kept: a declared
 * value that is invalid (a page past the last, an unknown category) or
 * given twice, or a target that is not keepable.
 */
export function answerKey(origin: string, target: PublicTarget, query: PublicQuery): string | null {
  if (!target.keepable) return null;
  const read = readQuery(query, target.search);
  if (!read.valid) return null;
  const language = target.headerLanguage
    ? `${target.cookieLanguage}|${target.headerLanguage}`
    : target.cookieLanguage;
  return `${origin}${target.path}?${read.key}#${language}`;
}
