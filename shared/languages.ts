/** The languages the site speaks, and where the visitor's choice is kept. */
export const LANGUAGES = ['en', 'pt', 'de'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'en';

/** The regional variant each language is written in: British English, European Portuguese, German. */
export const LOCALES: Record<Language, string> = { en: 'en-GB', pt: 'pt-PT', de: 'de-DE' };

/**
 * Numbers as the language's region writes them: 100,000 in English,
 * 100.000 in German, 100 000 in European Portuguese (Intl's plain `pt` is
 * Brazil's 100.000). A code that is not one of the site's languages is
 * taken as it is.
 */
export function numberFormat(language: string, options?: Intl.NumberFormatOptions) {
  return new Intl.NumberFormat(LOCALES[language as Language] ?? language, options);
}

/** localStorage key and the cookie that mirrors it for server rendering. */
export const LANGUAGE_STORAGE_KEY = 'language';
export const LANGUAGE_COOKIE = 'language';

/**
 * The language a client is shown in, sent with each of its API calls
 * (`X-Language: de`): the admin's, whose API answers must follow it rather
 * than the `language` cookie that the public site's pages set too. Read on
 * `/api` only, whose answers are never cached.
 */
export const LANGUAGE_HEADER = 'X-Language';

/**
 * A translation function: a catalogue key and its `{{placeholder}}` values in,
 * the text in the current language out. i18next's `t` is one.
 */
export type Translate = (key: string, params?: Record<string, unknown>) => string;

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}

/** The first valid language among the candidates, else English. */
export function pickLanguage(...candidates: unknown[]): Language {
  return (candidates.find(isLanguage) as Language | undefined) ?? DEFAULT_LANGUAGE;
}
