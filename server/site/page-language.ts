import type { Request, Response } from 'express';
import { readCookie } from '#shared/cookies';
import { splitLanguagePath } from '#shared/language-paths';
import { LANGUAGE_COOKIE, isLanguage, type Language } from '#shared/languages';
import { requestLanguage, type LanguageSource } from '../i18n';

const YEAR_MS = 365 * 24 * 60 * 60 * 1000;

type PageRequest = LanguageSource & { path: string };

/** The language the address itself names: its `/en`, `/pt`, `/de` prefix, else a valid `?lang=`. */
export function addressLanguage(req: PageRequest): Language | null {
  const prefixed = splitLanguagePath(req.path).language;
  if (prefixed) return prefixed;
  const query = req.query?.lang;
  const asked = Array.isArray(query) ? query[0] : query;
  return isLanguage(asked) ? asked : null;
}

/**
 * The language of a public page (CONTRACT.md, "Public pages by language"):
 * the path's prefix wins, then `?lang=`, then the `language` cookie, then English.
 */
export function pageLanguage(req: PageRequest): Language {
  return addressLanguage(req) ?? requestLanguage(req);
}

/**
 * Arriving on an address that names a language makes it the visitor's
 * choice: the `language` cookie (a year, the whole site, readable by the
 * page script that mirrors it in localStorage) is set when it says otherwise,
 * so later unprefixed pages and reloads stay in that language.
 */
export function rememberAddressLanguage(req: Request, res: Response): void {
  const chosen = addressLanguage(req);
  if (!chosen || readCookie(req.headers.cookie, LANGUAGE_COOKIE) === chosen) return;
  res.cookie(LANGUAGE_COOKIE, chosen, {
    maxAge: YEAR_MS,
    path: '/',
    sameSite: 'lax',
    secure: req.secure,
    httpOnly: false,
  });
}
