import type { TFunction } from 'i18next';
import { createI18n, toResources } from '#shared/i18n';
import { readCookie } from '#shared/cookies';
import {
  LANGUAGE_COOKIE,
  LANGUAGE_HEADER,
  isLanguage,
  pickLanguage,
  type Language,
} from '#shared/languages';
import en from '../../locales/en.json' with { type: 'json' };
import pt from '../../locales/pt.json' with { type: 'json' };
import de from '../../locales/de.json' with { type: 'json' };

/** Main-process translations (menu, notifications, forwarded errors) from the shared catalogues. */

const resources = toResources({ en, pt, de });
const cache = new Map<Language, TFunction>();

export function translator(language: Language | null | undefined): TFunction {
  const lang = pickLanguage(language);
  let t = cache.get(lang);
  if (!t) {
    t = createI18n(lang, resources).t;
    cache.set(lang, t);
  }
  return t;
}

/** `en-GB` -> `en`; unknown locales fall back to English. */
export function languageFromLocale(locale: string | null | undefined): Language {
  return pickLanguage(locale?.toLowerCase().split(/[-_]/)[0]);
}

/**
 * The renderer's language on a forwarded call: `?lang`, else the language it
 * is shown in (`X-Language`, which web/common/api.ts sends), else the
 * `language` cookie, else none.
 */
export function languageFromRequest(request: Request): Language | null {
  const fromQuery = new URL(request.url).searchParams.get('lang');
  if (isLanguage(fromQuery)) return fromQuery;
  const shown = request.headers.get(LANGUAGE_HEADER);
  if (isLanguage(shown)) return shown;
  const fromCookie = readCookie(request.headers.get('cookie'), LANGUAGE_COOKIE);
  return isLanguage(fromCookie) ? fromCookie : null;
}
