import { LANGUAGE_COOKIE, LANGUAGE_STORAGE_KEY, type Language } from '#shared/languages';

/** The choice kept in localStorage, unchecked; null when there is none or storage is unavailable (privacy mode). */
export function storedLanguage(storage: Pick<Storage, 'getItem'> | undefined): string | null {
  try {
    return storage?.getItem(LANGUAGE_STORAGE_KEY) ?? null;
  } catch {
    return null;
  }
}

/**
 * Keeps a visitor's choice of language in localStorage and in a
 * cookie, so the server renders their next page in it. Small on purpose: a
 * public page's loader calls it before any framework is loaded.
 */
export function rememberLanguage(language: Language): void {
  try {
    window.localStorage.setItem(LANGUAGE_STORAGE_KEY, language);
  } catch {
    // Ignore: the cookie still carries the choice.
  }
  const secure = window.location.protocol === 'https:' ? '; Secure' : '';
  document.cookie = `${LANGUAGE_COOKIE}=${language}; Path=/; Max-Age=31536000; SameSite=Lax${secure}`;
}
