import type { i18n, Resource } from 'i18next';
import { createI18n } from '#shared/i18n';
import { DEFAULT_LANGUAGE, isLanguage, pickLanguage, type Language } from '#shared/languages';
import { rememberLanguage, storedLanguage } from './language-choice';

/**
 * Each catalogue is a chunk of its own, fetched on demand: the admin
 * downloads the language it starts in (plus English, the fallback of the
 * others), and any page another one when the visitor switches to it. A public
 * page starts from the texts the server embedded in it (seedCatalogues), and
 * the server render loads the same way.
 */
const importers: Record<Language, () => Promise<{ default: object }>> = {
  en: () => import('../../locales/en.json'),
  pt: () => import('../../locales/pt.json'),
  de: () => import('../../locales/de.json'),
};

const bundled = async (language: Language) => (await importers[language]()).default;
let fetchCatalogue: (language: Language) => Promise<object> = bundled;

/**
 * Where later catalogues come from: the bundled ones (the admin), or, for the
 * public site, the server's (its part of the catalogue with the company's
 * site texts in place), with the bundled one if the server cannot be asked.
 */
export function loadCataloguesFrom(source: (language: Language) => Promise<object>): void {
  fetchCatalogue = (language) => source(language).catch(() => bundled(language));
  // The server's pt and de have every English key (tests/unit/locales.test.ts): no English beside them.
  englishFallback = false;
}

let englishFallback = true;
const loaded = new Map<Language, object>();

/** Catalogues that came with the page: the public site's texts, embedded by the server. */
export function seedCatalogues(catalogues: Partial<Record<Language, object>>): void {
  for (const [language, catalogue] of Object.entries(catalogues)) {
    if (isLanguage(language) && catalogue && !loaded.has(language)) loaded.set(language, catalogue);
  }
}

/** A language and its fallback, English, once each (the language alone for the public site). */
const withFallback = (language: Language): Language[] =>
  englishFallback ? [...new Set<Language>([language, DEFAULT_LANGUAGE])] : [language];

/**
 * Fetches the catalogue of a language once, with English beside it: a key
 * missing in Portuguese or German shows in English (then as the key), in the
 * browser as on the server. Later calls resolve at once.
 */
export async function loadLanguage(language: Language): Promise<void> {
  await Promise.all(
    withFallback(language)
      .filter((lang) => !loaded.has(lang))
      .map(async (lang) => {
        const catalogue = await fetchCatalogue(lang);
        if (!loaded.has(lang)) loaded.set(lang, catalogue);
      }),
  );
}

const wholeCatalogues = new Map<Language, Promise<void>>();

/**
 * Makes sure the loaded catalogue of `language` holds `section`: a page
 * embeds its language's catalogue less other pages' sections (the privacy
 * notice: shared/site-catalogue.ts), so the page that shows one, reached
 * without a page load, fetches the whole catalogue first (once). Resolves
 * at once when the section is there.
 */
export async function loadSection(language: Language, section: string): Promise<void> {
  const catalogue = loaded.get(language) as Record<string, unknown> | undefined;
  if (catalogue && section in catalogue) return;
  let whole = wholeCatalogues.get(language);
  if (!whole) {
    whole = fetchCatalogue(language).then((fetched) => void loaded.set(language, fetched));
    // A catalogue that could not be fetched is asked for again next time.
    whole.catch(() => wholeCatalogues.delete(language));
    wholeCatalogues.set(language, whole);
  }
  await whole;
}

/**
 * True when `instance` can show `section` in its language: added from the
 * loaded catalogue when it was loaded after the instance was made
 * (`loadSection`), false when it still has to be fetched.
 */
export function withSection(instance: i18n, section: string): boolean {
  const language = pickLanguage(instance.language);
  if (instance.getResource(language, 'translation', section) !== undefined) return true;
  const texts = (loaded.get(language) as Record<string, unknown> | undefined)?.[section];
  if (texts === undefined) return false;
  instance.addResourceBundle(language, 'translation', { [section]: texts }, true, true);
  return true;
}

/**
 * A fresh i18n instance in `language` over the catalogues loaded so far; the
 * language's own catalogue must be loaded (see `loadLanguage`, `i18nForAsync`).
 */
export function i18nFor(language: Language): i18n {
  if (!loaded.has(language)) throw new Error(`The ${language} catalogue is not loaded`);
  const resources: Resource = Object.fromEntries(
    [...loaded].map(([lang, catalogue]) => [lang, { translation: catalogue }]),
  );
  return createI18n(language, resources);
}

/** Loads the language's catalogue, then builds its instance (render only after this resolves). */
export async function i18nForAsync(language: Language): Promise<i18n> {
  await loadLanguage(language);
  return i18nFor(language);
}

/** Loads the catalogue first, then changes language, so no key ever shows untranslated. */
async function switchLanguage(instance: i18n, language: Language): Promise<void> {
  await loadLanguage(language);
  for (const lang of withFallback(language)) {
    if (!instance.hasResourceBundle(lang, 'translation')) {
      instance.addResourceBundle(lang, 'translation', loaded.get(lang), true, true);
    }
  }
  await instance.changeLanguage(language);
}

/** The language to start the browser in: `?lang=`, then localStorage, then the page's `<html lang>`. */
export function initialBrowserLanguage(): Language {
  const fromQuery = new URLSearchParams(window.location.search).get('lang');
  return pickLanguage(
    fromQuery,
    storedLanguage(window.localStorage),
    document.documentElement.lang,
  );
}

/**
 * The one way a browser page changes language (the site's menu, the admin's
 * switcher, a stored choice applied after hydration, the admin's start):
 * fetches the catalogue, switches `instance`, marks `<html lang>`, and with
 * `remember` keeps the choice in localStorage and in a cookie, so the
 * server renders the next page in it.
 */
export async function applyLanguage(
  instance: i18n,
  language: Language,
  { remember }: { remember: boolean },
): Promise<void> {
  if (!isLanguage(language)) return;
  if (remember) rememberLanguage(language);
  await switchLanguage(instance, language);
  document.documentElement.lang = language;
}
