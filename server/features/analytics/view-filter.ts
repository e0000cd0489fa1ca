/**
 * Which requests count as a person reading a page, read from the request's
 * headers alone (nothing is stored about the request itself): a browser's
 * user agent that names no robot, and no prefetch. Every cached page view
 * runs this, so the verdict on a user agent is remembered.
 */

/** The headers read, as Node's parser and the socket lane's both give them. */
export type ViewHeaders = {
  'user-agent'?: string;
  'sec-purpose'?: string | string[];
  purpose?: string | string[];
  referer?: string;
  host?: string;
};

/**
 * Robots, crawlers, link previews, monitors, headless and scripted clients:
 * words their user agents carry and browsers' never do. (Every browser's
 * user agent starts with `Mozilla/`; anything else is not counted at all.)
 */
const ROBOT =
  /\bbot\b|bot[/;_-]|robot|crawl|spider|slurp|archiv|scrap|preview|monitor|uptime|headless|lighthouse|pagespeed|gtmetrix|facebookexternalhit|facebookcatalog|meta-externalagent|whatsapp|telegram|slack|discord|skype|embedly|pinterest|vkshare|snapchat|iframely|outbrain|tumblr|flipboard|w3c_validator|validator|python|curl|wget|java\/|go-http|okhttp|axios|node-fetch|undici|libwww|httpclient|phantomjs|selenium|puppeteer|playwright|google-|adsbot|mediapartners|feedfetcher|feedburner|yandex|baidu|sogou|exabot|petalsearch|semrush|ahrefs|mj12|dotbot|bytespider|gptbot|chatgpt|claude|anthropic|perplexity|ccbot|amazonbot|applebot|cohere|diffbot|qwantify|duckduck/i;

const KNOWN_AGENTS = 1000;
const verdicts = new Map<string, boolean>();

/** True for a browser's user agent (starts with `Mozilla/` and names no robot). */
export function isBrowser(userAgent: string | undefined): boolean {
  if (userAgent === undefined) return false;
  let verdict = verdicts.get(userAgent);
  if (verdict === undefined) {
    verdict = userAgent.startsWith('Mozilla/') && !ROBOT.test(userAgent);
    if (verdicts.size >= KNOWN_AGENTS) verdicts.clear();
    verdicts.set(userAgent, verdict);
  }
  return verdict;
}

/**
 * A page fetched ahead of the visitor asking for it (speculation rules, link
 * prefetch, Chrome's `Sec-Purpose: prefetch`, older `Purpose: prefetch`):
 * it may never be seen.
 */
export function isPrefetch(headers: ViewHeaders): boolean {
  const purpose = headers['sec-purpose'] ?? headers.purpose;
  return purpose !== undefined && /prefetch/i.test(String(purpose));
}

/** A host name as the referrer table keeps it: letters, digits, dots and hyphens. */
const HOST_NAME = /^[a-z0-9](?:[a-z0-9.-]{0,251}[a-z0-9])?$/;

/** `www.example.com` and `example.com` are one site; so are ports. */
const siteOf = (host: string) => (host.startsWith('www.') ? host.slice(4) : host);

/** The host of `host` (a Host header: `name[:port]`), lower case, without `www.`. */
export function ownSite(host: string | undefined): string {
  if (!host) return '';
  const colon = host.lastIndexOf(':');
  const name = colon > host.lastIndexOf(']') ? host.slice(0, colon) : host;
  return siteOf(name.toLowerCase());
}

/**
 * The site a visitor came from, from `Referer`: its host only (nothing of
 * the address after it), lower case, without `www.`; null for none, for
 * anything but an http(s) address, and for this site itself (the
 * request's host, or the site's public one; both as `ownSite` gives them).
 */
export function referrerSite(
  referer: string | undefined,
  requestSite: string,
  publicSite = '',
): string | null {
  if (referer === undefined) return null;
  const start = referer.startsWith('https://') ? 8 : referer.startsWith('http://') ? 7 : -1;
  if (start === -1) return null;
  // The authority: up to `/`, `?` or `#`. User information (`@`) is never kept; a port is dropped.
  let end = start;
  let colon = -1;
  while (end < referer.length) {
    const c = referer.charCodeAt(end);
    if (c === 0x2f || c === 0x3f || c === 0x23) break;
    if (c === 0x40) return null;
    if (c === 0x3a && colon === -1) colon = end;
    end++;
  }
  if (colon !== -1) end = colon;
  const host = referer.slice(start, end).toLowerCase();
  if (!HOST_NAME.test(host)) return null;
  const site = siteOf(host);
  return site === requestSite || site === publicSite ? null : site;
}
