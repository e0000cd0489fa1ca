import { jsonForScript } from '#shared/json-script';
import { LANGUAGES, type Language } from '#shared/languages';
import { embeddedCatalogue } from '#shared/site-catalogue';
import { noOverrides, withOverrides, type SiteTextOverrides } from '#shared/site-texts';
import { CATALOGUES, pageCatalogues, translatorOver, type Translate } from '../../i18n';

/** What a public page renders with and embeds for hydration, in one language. */
export type PageTexts = {
  /** `{language: site catalogue}`: what every page renders with, and the site fetches. */
  catalogues: Partial<Record<Language, Record<string, unknown>>>;
  /**
   * What the page of `pageId` embeds for hydration, as JSON safe inside a
   * `<script>` element: its catalogue less other pages' sections
   * (`embeddedCatalogue`).
   */
  json(pageId: string): string;
};

/**
 * The site's texts at one moment: the catalogues with the company's
 * overrides in place. Everything is made on first use and kept for the life
 * of the snapshot (until the next change), so a page render costs no copy.
 */
export type TextsSnapshot = {
  readonly overrides: SiteTextOverrides;
  /** Each override's version (its `updated_at`), by language and key, for the editors. */
  readonly versions: SiteTextOverrides;
  /** The texts last read, served while the database could not be read again: keep nothing made from them. */
  readonly stale?: boolean;
  /** The whole catalogues, overrides in place. */
  catalogue(language: Language): Record<string, unknown>;
  /** Translates keys with the overrides (e-mails, feeds); other text passes through. */
  translator(language: Language): Translate;
  page(language: Language): PageTexts;
};

const once = <K, V>(cache: Map<K, V>, key: K, make: () => V): V => {
  if (!cache.has(key)) cache.set(key, make());
  return cache.get(key)!;
};

export function textsSnapshot(
  overrides: SiteTextOverrides = noOverrides(),
  versions: SiteTextOverrides = noOverrides(),
): TextsSnapshot {
  const merged = new Map<Language, Record<string, unknown>>();
  const translators = new Map<Language, Translate>();
  const pages = new Map<Language, PageTexts>();
  const catalogue = (language: Language) =>
    once(merged, language, () => withOverrides(CATALOGUES[language], overrides[language]));
  const all = () =>
    Object.fromEntries(LANGUAGES.map((l) => [l, catalogue(l)])) as Record<
      Language,
      Record<string, unknown>
    >;
  return {
    overrides,
    versions,
    catalogue,
    translator: (language) => once(translators, language, () => translatorOver(language, all())),
    page: (language) =>
      once(pages, language, () => {
        const catalogues = pageCatalogues(language, all());
        const embedded = new Map<string, string>();
        const json = (pageId: string) =>
          once(embedded, pageId, () =>
            jsonForScript({ [language]: embeddedCatalogue(catalogues[language]!, pageId) }),
          );
        return { catalogues, json };
      }),
  };
}
