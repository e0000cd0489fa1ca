import type { i18n } from 'i18next';
import { createI18n, toResources } from '#shared/i18n';
import {
  LANGUAGE_COOKIE,
  LANGUAGE_STORAGE_KEY,
  isLanguage,
  pickLanguage,
  type Language,
} from '#shared/languages';
import en from '../../locales/en.json';
import pt from '../../locales/pt.json';
import de from '../../locales/de.json';

export const resources = toResources({ en, pt, de });

export function i18nFor(language: Language): i18n {
  return createI18n(language, resources);
}

/** The language to start the browser in: `?lang=`, then localStorage, then the page's `<html lang>`. */
export function initialBrowserLanguage(): Language {
  const fromQuery = new URLSearchParams(window.location.search).get('lang');
  let stored: string | null = null;
  try {
    stored = window.localStorage.getItem(LANGUAGE_STORAGE_KEY);
  } catch {
    // Storage can be unavailable (privacy mode); the default applies.
  }
  return pickLanguage(fromQuery, stored, document.documentElement.lang);
}

/** Keeps the choice in localStorage (spec) and mirrors it in a cookie for server rendering. */
export function rememberLanguage(language: Language): void {
  if (!isLanguage(language)) return;
  try {
    window.localStorage.setItem(LANGUAGE_STORAGE_KEY, language);
  } catch {
    // Ignore: the cookie still carries the choice.
  }
  const secure = window.location.protocol === 'https:' ? '; Secure' : '';
  document.cookie = `${LANGUAGE_COOKIE}=${language}; Path=/; Max-Age=31536000; SameSite=Lax${secure}`;
  document.documentElement.lang = language;
}
