import { readFileSync, statSync } from 'node:fs';
import { LANGUAGES, type Language } from '#shared/languages';
import { CLIENT_ENTRY, VITE_MANIFEST } from './paths';

type ManifestChunk = { file: string; css?: string[]; imports?: string[] };
type Manifest = Record<string, ManifestChunk>;

export type EntryAssets = {
  script: string;
  css: string[];
  preload: string[];
  /** Each language's catalogue chunk (loaded by the entry before hydrating), to preload the page's one. */
  catalogues?: Partial<Record<Language, string>>;
};

/** The hashed files the browser needs for the site entry: script, its chunks and every stylesheet. */
export function entryAssets(manifest: Manifest, entry = CLIENT_ENTRY): EntryAssets {
  const root = manifest[entry];
  if (!root) throw new Error(`The Vite manifest has no entry ${entry}`);
  const css = new Set<string>();
  const preload = new Set<string>();
  const seen = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key)) return;
    seen.add(key);
    const chunk = manifest[key];
    if (!chunk) return;
    for (const file of chunk.css ?? []) css.add(`/${file}`);
    if (key !== entry) preload.add(`/${chunk.file}`);
    for (const child of chunk.imports ?? []) visit(child);
  };
  visit(entry);
  const catalogues: Partial<Record<Language, string>> = {};
  for (const language of LANGUAGES) {
    const chunk = manifest[`../locales/${language}.json`];
    if (chunk) catalogues[language] = `/${chunk.file}`;
  }
  return { script: `/${root.file}`, css: [...css], preload: [...preload], catalogues };
}

let cached: { mtimeMs: number; assets: EntryAssets } | undefined;

/** Reads the manifest of the last build, re-reading it only when a new build replaced it. */
export function loadEntryAssets(): EntryAssets {
  const { mtimeMs } = statSync(VITE_MANIFEST);
  if (cached?.mtimeMs !== mtimeMs) {
    const manifest = JSON.parse(readFileSync(VITE_MANIFEST, 'utf8')) as Manifest;
    cached = { mtimeMs, assets: entryAssets(manifest) };
  }
  return cached.assets;
}
