import type { IncomingMessage } from 'node:http';
import type { Response } from 'express';
import { readCookie } from '#shared/cookies';
import { splitLanguagePath } from '#shared/language-paths';
import { LANGUAGE_COOKIE, isLanguage, pickLanguage, type Language } from '#shared/languages';

const YEAR_SECONDS = 365 * 24 * 60 * 60;

/** A request as Node hands it over; Express adds `originalUrl` (the path before any mount point). */
type PageRequest = Pick<IncomingMessage, 'url' | 'headers'> & {
  originalUrl?: string;
  socket?: object;
};

/**
 * The language the address itself names: its `/en`, `/pt`, `/de` prefix, else a valid `?lang=`.
 * Read from the raw request line as the router matches it (this runs on every
 * page-cache hit, so it builds no URL object).
 */
export function addressLanguage(req: PageRequest): Language | null {
  const target = req.originalUrl ?? req.url ?? '/';
  const q = target.indexOf('?');
  const fromPath = splitLanguagePath(q === -1 ? target : target.slice(0, q)).language;
  if (fromPath) return fromPath;
  if (q === -1) return null;
  const asked = new URLSearchParams(target.slice(q + 1)).get('lang');
  return isLanguage(asked) ? asked : null;
}

/**
 * The language of a public page (docs/api.md, "Public pages by language"):
 * the path's prefix wins, then `?lang=`, then the `language` cookie, then English.
 */
export function pageLanguage(req: PageRequest): Language {
  return addressLanguage(req) ?? pickLanguage(readCookie(req.headers.cookie, LANGUAGE_COOKIE));
}

/**
 * Arriving on an address that names a language makes it the visitor's
 * choice: the `Set-Cookie` for the `language` cookie (a year, the whole site,
 * readable by the page script that mirrors it in localStorage), or null when
 * the cookie already says so. Works on the bare request, so a page served
 * from the page cache sets it exactly as a rendered one does.
 */
export function addressLanguageCookie(req: PageRequest): string | null {
  const chosen = addressLanguage(req);
  if (!chosen || readCookie(req.headers.cookie, LANGUAGE_COOKIE) === chosen) return null;
  const proto = String(req.headers['x-forwarded-proto'] ?? '')
    .split(',')[0]!
    .trim();
  const tls = (req.socket as { encrypted?: boolean } | undefined)?.encrypted === true;
  const secure = tls || proto === 'https';
  return `${LANGUAGE_COOKIE}=${chosen}; Max-Age=${YEAR_SECONDS}; Path=/; SameSite=Lax${secure ? '; Secure' : ''}`;
}

/** Sets the cookie of `addressLanguageCookie` on a rendered page. */
export function rememberAddressLanguage(req: PageRequest, res: Response): void {
  const cookie = addressLanguageCookie(req);
  if (cookie) res.append('Set-Cookie', cookie);
}
