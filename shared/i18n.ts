import i18next, { type i18n, type Resource } from 'i18next';
import { DEFAULT_LANGUAGE, LANGUAGES, numberFormat, type Language } from './languages';

/**
 * A fresh, fully initialised i18next instance for one language. The server
 * makes one per request (never a shared mutable instance); the browser makes
 * one per page load. English is the fallback, then the key itself.
 * `{{name}}` placeholders are filled from the values passed to `t`;
 * `{{count, number}}` writes a number as the language's region does
 * (`numberFormat`), which i18next's own `number` would take from the bare
 * language code.
 */
export function createI18n(language: Language, resources: Resource): i18n {
  const instance = i18next.createInstance();
  void instance.init({
    lng: language,
    fallbackLng: DEFAULT_LANGUAGE,
    supportedLngs: [...LANGUAGES],
    resources,
    initAsync: false,
    interpolation: { escapeValue: false },
    returnNull: false,
  });
  instance.services.formatter?.addCached('number', (lng, options) => {
    const format = numberFormat(lng ?? language, options as Intl.NumberFormatOptions);
    return (value: number) => format.format(value);
  });
  return instance;
}

/** Translation resources in i18next's shape from the three catalogues. */
export function toResources(catalogues: Partial<Record<Language, object>>): Resource {
  return Object.fromEntries(
    Object.entries(catalogues).map(([lang, catalogue]) => [lang, { translation: catalogue }]),
  ) as Resource;
}
