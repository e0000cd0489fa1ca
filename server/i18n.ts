import type { i18n } from 'i18next';
import { readCookie } from '#shared/cookies';
import { createI18n, toResources } from '#shared/i18n';
import { jsonForScript } from '#shared/json-script';
import { siteCatalogue } from '#shared/site-catalogue';
import {
  DEFAULT_LANGUAGE,
  LANGUAGE_COOKIE,
  LANGUAGES,
  pickLanguage,
  type Language,
} from '#shared/languages';
import de from '../locales/de.json' with { type: 'json' };
import en from '../locales/en.json' with { type: 'json' };
import pt from '../locales/pt.json' with { type: 'json' };

/**
 * The server's languages: which one a request wants, and the catalogues to
 * speak it (API errors, feeds, the crash page, the admin CLI). Pages rendered
 * by React load theirs through the web bundle.
 */

// Bundled with the server, so the built server needs no locales folder beside it.
const catalogues: Record<Language, Record<string, unknown>> = { en, pt, de };
const resources = toResources(catalogues);

// One instance per language, created once and never switched: nothing mutable is shared.
const instances = new Map<Language, i18n>(LANGUAGES.map((l) => [l, createI18n(l, resources)]));

export type Translate = (text: string, params?: Record<string, unknown>) => string;

/** Translates a catalogue key; any other text (already a sentence) passes through. */
export function translator(language: Language): Translate {
  const t = instances.get(language)!;
  return (text, params) => (t.exists(text, params) ? t.t(text, params) : text);
}

/** The parts of a request its language is read from. */
export type LanguageSource = {
  query?: Record<string, unknown>;
  headers: { cookie?: string };
};

/**
 * The language of a page or an API answer: `?lang=` wins, then the `language`
 * cookie that mirrors the browser's localStorage, then English. Unknown
 * values are ignored.
 */
export function requestLanguage(req: LanguageSource): Language {
  const query = req.query?.lang;
  const fromQuery = Array.isArray(query) ? query[0] : query;
  return pickLanguage(fromQuery, readCookie(req.headers.cookie, LANGUAGE_COOKIE));
}

const siteCatalogues = new Map<Language, string>(
  LANGUAGES.map((language) => {
    // English travels beside the others: a text missing in pt or de falls back to it.
    const wanted = [...new Set<Language>([language, DEFAULT_LANGUAGE])];
    const texts = Object.fromEntries(wanted.map((l) => [l, siteCatalogue(catalogues[l])]));
    return [language, jsonForScript(texts)];
  }),
);

/** The public site's texts for a page in `language` (and English), ready for the document. */
export function siteCataloguesFor(language: Language): string {
  return siteCatalogues.get(language)!;
}
