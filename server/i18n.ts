import { readFileSync } from 'node:fs';
import type { i18n } from 'i18next';
import { createI18n, toResources } from '#shared/i18n';
import { LANGUAGE_COOKIE, LANGUAGES, pickLanguage, type Language } from '#shared/languages';

/**
 * The server's languages: which one a request wants, and the catalogues to
 * speak it (API errors, feeds, the crash page, the admin CLI). Pages rendered
 * by React load theirs through the web bundle.
 */

const catalogue = (lang: Language): object =>
  JSON.parse(readFileSync(new URL(`../locales/${lang}.json`, import.meta.url), 'utf8'));

const resources = toResources(
  Object.fromEntries(LANGUAGES.map((l) => [l, catalogue(l)])) as Record<Language, object>,
);

// One instance per language, created once and never switched: nothing mutable is shared.
const instances = new Map<Language, i18n>(LANGUAGES.map((l) => [l, createI18n(l, resources)]));

export type Translate = (text: string, params?: Record<string, unknown>) => string;

/** Translates a catalogue key; any other text (already a sentence) passes through. */
export function translator(language: Language): Translate {
  const t = instances.get(language)!;
  return (text, params) => (t.exists(text) ? t.t(text, params) : text);
}

/** The value of one cookie from a raw `Cookie` header, or undefined. */
export function readCookie(header: string | undefined, name: string): string | undefined {
  if (!header) return undefined;
  for (const part of header.split(';')) {
    const eq = part.indexOf('=');
    if (eq === -1) continue;
    if (part.slice(0, eq).trim() !== name) continue;
    try {
      return decodeURIComponent(part.slice(eq + 1).trim());
    } catch {
      return undefined;
    }
  }
  return undefined;
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
