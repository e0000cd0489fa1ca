import type { IncomingMessage } from 'node:http';
import { readCookie } from '#shared/cookies';
import { isLanguage, LANGUAGE_COOKIE } from '#shared/languages';
import { isMalformedHost } from '../../http/host';
import { hasSessionCookie } from '../../http/sessions';

/** Query parameters that change a public answer; any other (utm_…, fbclid) is ignored. */
const MEANINGFUL_QUERY = ['page', 'per_page', 'category', 'lang', 'sent'] as const;

/** Public reads of the JSON API that are the same for every anonymous visitor (news, the site's catalogues). */
const PUBLIC_API = /^\/api\/(news(\/categories|\/[a-z0-9-]{1,100})?|site\/catalogue\/(en|pt|de))$/;

/**
 * Built files, the admin shell and the API (but its public reads) never go
 * through the cache. Routes match case-sensitively, so `/API/…` is not the
 * API, but it is refused here in every spelling all the same.
 */
function cacheablePath(path: string): boolean {
  if (/^\/api(\/|$)/i.test(path)) return PUBLIC_API.test(path) && path !== '/api/news/admin';
  if (path === '/sitemap.xml' || path === '/robots.txt' || path === '/rss.xml') return true;
  if (path === '/login' || path === '/admin' || path.startsWith('/admin/')) return false;
  if (path === '/healthz' || path.startsWith('/assets/')) return false;
  // Shared previews of drafts are for the link's holder only.
  if (/^(\/[a-z]{2})?\/preview(\/|$)/i.test(path)) return false;
  // A file name (favicon.svg, media/news-default.jpg) is a static file, not a page.
  return !/\.[a-z0-9]{1,5}$/i.test(path);
}

/**
 * The key of everything that changes the bytes of an anonymous public answer:
 * the path, the meaningful query (sorted, one value each), the `language`
 * cookie, and, unless PUBLIC_URL fixes the site's address, the address the
 * request was sent to (canonical links name it). Null when the request must not use the cache: not a GET or HEAD,
 * someone is signed in, a parameter is repeated, the path is not a page, or
 * the Host names no host (Express answers that 400, whatever is cached).
 * Works on the bare Node request, before any framework has looked at it.
 */
export function cacheKey(
  req: Pick<IncomingMessage, 'method' | 'url' | 'headers'>,
  withOrigin: boolean,
): string | null {
  if (req.method !== 'GET' && req.method !== 'HEAD') return null;
  const url = req.url ?? '/';
  const q = url.indexOf('?');
  const path = q === -1 ? url : url.slice(0, q);
  if (!cacheablePath(path)) return null;
  if (isMalformedHost(req.headers.host)) return null;
  const cookies = req.headers.cookie;
  // Someone signed in (or who was: a stale cookie is looked up like any other).
  if (hasSessionCookie(cookies)) return null;
  const parts: string[] = [];
  if (q !== -1) {
    const query = new URLSearchParams(url.slice(q + 1));
    for (const name of MEANINGFUL_QUERY) {
      const values = query.getAll(name);
      if (values.length > 1) return null;
      if (values.length === 1) parts.push(`${name}=${values[0]}`);
    }
  }
  const cookieLanguage = readCookie(cookies, LANGUAGE_COOKIE);
  const language = isLanguage(cookieLanguage) ? cookieLanguage : '';
  const key = `${path}?${parts.join('&')}#${language}`;
  if (!withOrigin) return key;
  const proto = req.headers['x-forwarded-proto'] ?? '';
  return `${String(proto)}//${req.headers.host ?? ''}${key}`;
}
