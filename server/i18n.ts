import { API_BASE } from '#shared/api';
import { readCookie } from '#shared/cookies';
import { createI18n, toResources } from '#shared/i18n';
import { siteCatalogue } from '#shared/site-catalogue';
import {
  LANGUAGE_COOKIE,
  LANGUAGE_HEADER,
  LANGUAGES,
  pickLanguage,
  type Language,
} from '#shared/languages';
import de from '../locales/de.json' with { type: 'json' };
import en from '../locales/en.json' with { type: 'json' };
import pt from '../locales/pt.json' with { type: 'json' };

/**
 * The server's languages: which one a request wants, and the catalogues to
 * speak it (API errors, the crash page, the admin CLI). Public pages, feeds
 * and e-mails speak them with the company's site texts in place (see
 * features/site-texts), through `translatorOver` and `pageCatalogues`.
 */

// Bundled with the server, so the built server needs no locales folder beside it.
export const CATALOGUES: Readonly<Record<Language, Record<string, unknown>>> = { en, pt, de };

export type Translate = (text: string, params?: Record<string, unknown>) => string;

/**
 * A translator over catalogues (the bundled ones, or with the company's site
 * texts in place): a catalogue key is translated, any other text (already a
 * sentence) passes through. Its i18n instance is never switched or changed.
 */
export function translatorOver(
  language: Language,
  catalogues: Readonly<Record<Language, Record<string, unknown>>>,
): Translate {
  const t = createI18n(language, toResources(catalogues));
  return (text, params) => (t.exists(text, params) ? t.t(text, params) : text);
}

// One per language, created once: nothing mutable is shared.
const translators = new Map<Language, Translate>(
  LANGUAGES.map((l) => [l, translatorOver(l, CATALOGUES)]),
);

/**
 * The catalogue's texts (API errors, the crash page, the admin CLI). What the
 * company may change (site texts: pages, e-mails' contact details, feeds)
 * goes through `SiteTextsService.snapshot()` instead.
 */
export function translator(language: Language): Translate {
  return translators.get(language)!;
}

/** The parts of a request its language is read from. */
export type LanguageSource = {
  query?: Record<string, unknown>;
  headers: { cookie?: string } & Record<string, string | string[] | undefined>;
  /** The path as it arrived (Express's, before any mount point). */
  originalUrl?: string;
};

/**
 * An `/api/…` call. Its public reads that the page cache keeps are keyed on
 * the header's language too (page-cache/cache-key.ts), so reading it here
 * never hands one client's language to another.
 */
const isApiCall = ({ originalUrl = '' }: LanguageSource): boolean =>
  originalUrl === API_BASE ||
  originalUrl.startsWith(`${API_BASE}/`) ||
  originalUrl.startsWith(`${API_BASE}?`);

/**
 * The language of a page or an API answer: `?lang=` wins; then, on `/api`,
 * the `X-Language` header the admin sends (the language it is shown in,
 * which the `language` cookie need not be: the public site's pages set it
 * too); then the `language` cookie that mirrors the browser's localStorage;
 * then English. Unknown values are ignored.
 */
export function requestLanguage(req: LanguageSource): Language {
  const query = req.query?.lang;
  const fromQuery = Array.isArray(query) ? query[0] : query;
  const fromHeader = isApiCall(req) ? req.headers[LANGUAGE_HEADER.toLowerCase()] : undefined;
  return pickLanguage(fromQuery, fromHeader, readCookie(req.headers.cookie, LANGUAGE_COOKIE));
}

/**
 * What a page in `language` renders with, and what the site fetches of a
 * language (the page embeds this less other pages' sections, see
 * `embeddedCatalogue`): the public site's part of its catalogue, from
 * `catalogues`. No English beside it: pt and de have every English key
 * (tests/unit/locales.test.ts), so the fallback would never be read.
 */
export function pageCatalogues(
  language: Language,
  catalogues: Readonly<Record<Language, Record<string, unknown>>>,
): Partial<Record<Language, Record<string, unknown>>> {
  return { [language]: siteCatalogue(catalogues[language]) };
}
