import { readFileSync } from 'node:fs';
import type { Request } from 'express';
import type { i18n } from 'i18next';
import { createI18n, toResources } from '#shared/i18n';
import { LANGUAGE_COOKIE, LANGUAGES, pickLanguage, type Language } from '#shared/languages';

const catalogue = (lang: Language): object =>
  JSON.parse(readFileSync(new URL(`../../locales/${lang}.json`, import.meta.url), 'utf8'));

const resources = toResources(
  Object.fromEntries(LANGUAGES.map((l) => [l, catalogue(l)])) as Record<Language, object>,
);

// One instance per language, created once and never switched: nothing mutable is shared.
const instances = new Map<Language, i18n>(LANGUAGES.map((l) => [l, createI18n(l, resources)]));

function cookie(header: string | undefined, name: string): string | undefined {
  for (const part of header?.split(';') ?? []) {
    const eq = part.indexOf('=');
    if (eq > 0 && part.slice(0, eq).trim() === name) {
      try {
        return decodeURIComponent(part.slice(eq + 1).trim());
      } catch {
        return undefined;
      }
    }
  }
  return undefined;
}

/** The language of an API answer: `?lang`, else the `language` cookie, else English. */
export function apiLanguage(req: Request): Language {
  const query = req.query?.lang;
  return pickLanguage(
    Array.isArray(query) ? query[0] : query,
    cookie(req.headers.cookie, LANGUAGE_COOKIE),
  );
}

export type Translate = (text: string) => string;

/** Translates a catalogue key; any other text (already a sentence) passes through. */
export function translator(language: Language): Translate {
  const t = instances.get(language)!;
  return (text) => (t.exists(text) ? t.t(text) : text);
}
