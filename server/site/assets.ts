import { readFileSync, statSync } from 'node:fs';
import { BOOT_ENTRY, CLIENT_ENTRY, VITE_MANIFEST } from './paths';

type ManifestChunk = { file: string; css?: string[]; imports?: string[] };
type Manifest = Record<string, ManifestChunk>;

/**
 * The files a page needs: its stylesheets, and the scripts that hydrate it
 * (the entry, and the chunks to preload beside it), which `boot` preloads
 * once the page has been painted and runs on the visitor's first intent, or
 * at once for a page whose `when` is `load`.
 */
export type PageAssets = {
  boot: string;
  script: string;
  css: string[];
  preload: string[];
  when: 'intent' | 'load';
};

/**
 * Pages hydrated as soon as they are painted: the not-found page (it records
 * the missed address in the console when shown). Every other page,
 * the contact form included, reads whole as HTML and hydrates on the
 * visitor's first intent (docs/decisions/021-hydration-on-intent.md).
 */
const HYDRATED_AT_LOAD = new Set(['not-found']);

/**
 * Each page's own chunk (see `pages` in web/site/routes.tsx), by the page id
 * the server render reports. The browser loads it before hydrating; naming it
 * in a preload link lets it come with the entry instead of after it.
 */
export const PAGE_MODULES: Record<string, string> = {
  home: 'site/pages/home/HomePage.tsx',
  news: 'site/pages/news/NewsPage.tsx',
  contact: 'site/pages/contact/ContactRoute.tsx',
  privacy: 'site/pages/privacy/PrivacyPage.tsx',
  article: 'site/pages/article/ArticlePage.client.tsx',
  preview: 'site/pages/article/ArticlePage.client.tsx',
  'not-found': 'site/pages/not-found/NotFoundPage.tsx',
};

/** A chunk and everything it imports, as site paths: scripts and stylesheets. */
function closure(manifest: Manifest, key: string) {
  const scripts: string[] = [];
  const css: string[] = [];
  const seen = new Set<string>();
  const visit = (k: string) => {
    if (seen.has(k)) return;
    seen.add(k);
    const chunk = manifest[k];
    if (!chunk) return;
    scripts.push(`/${chunk.file}`);
    css.push(...(chunk.css ?? []).map((file) => `/${file}`));
    for (const child of chunk.imports ?? []) visit(child);
  };
  visit(key);
  return { scripts, css };
}

/** The loader, the entry script, its chunks and stylesheets, plus those of each page. */
export function siteAssets(manifest: Manifest, entry = CLIENT_ENTRY, bootEntry = BOOT_ENTRY) {
  const root = manifest[entry];
  if (!root) throw new Error(`The Vite manifest has no entry ${entry}`);
  const bootChunk = manifest[bootEntry];
  if (!bootChunk) throw new Error(`The Vite manifest has no entry ${bootEntry}`);
  const boot = `/${bootChunk.file}`;
  const base = closure(manifest, entry);
  const script = `/${root.file}`;
  const forPage = (pageId: string): PageAssets => {
    const key = PAGE_MODULES[pageId];
    const page = key ? closure(manifest, key) : { scripts: [], css: [] };
    // The entry imports the loader's helpers from the loader itself, already on the page.
    const preload = [...new Set([...base.scripts, ...page.scripts])].filter(
      (file) => file !== script && file !== boot,
    );
    const css = [...new Set([...base.css, ...page.css])];
    const when = HYDRATED_AT_LOAD.has(pageId) ? 'load' : 'intent';
    return { boot, script, preload, css, when };
  };
  return { forPage };
}

let cached: { mtimeMs: number; assets: ReturnType<typeof siteAssets> } | undefined;

/** The assets of a page from the manifest of the last build, re-read only after a new build. */
export function pageAssets(pageId: string): PageAssets {
  const { mtimeMs } = statSync(VITE_MANIFEST);
  if (cached?.mtimeMs !== mtimeMs) {
    const manifest = JSON.parse(readFileSync(VITE_MANIFEST, 'utf8')) as Manifest;
    cached = { mtimeMs, assets: siteAssets(manifest) };
  }
  return cached.assets.forPage(pageId);
}
