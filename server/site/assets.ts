import { createHash } from 'node:crypto';
import { readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { CLIENT_ENTRY, DIST_CLIENT, VITE_MANIFEST } from './paths';

type ManifestChunk = { file: string; css?: string[]; imports?: string[] };
type Manifest = Record<string, ManifestChunk>;

/**
 * A stylesheet small enough to travel inside the document rather than cost a
 * round trip of its own before the first paint (the site's whole stylesheet
 * is about 68 kB, 13 kB compressed). A larger one is linked.
 */
export const INLINE_CSS_MAX_BYTES = 96 * 1024;

/** A stylesheet of a page: its address, and its text when it goes inside the document. */
export type PageStyle = { href: string; inline?: string };

/** The files a page needs before it can hydrate: script, chunks to preload, stylesheets. */
export type PageAssets = { script: string; css: PageStyle[]; preload: string[] };

/** The CSP source that allows one inline stylesheet and nothing else: the hash of its text. */
export const styleHashSource = (text: string) =>
  `'sha256-${createHash('sha256').update(text).digest('base64')}'`;

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

/** The text of a built stylesheet when it is small enough to inline, else undefined. */
function readSmallStylesheet(href: string): string | undefined {
  try {
    const text = readFileSync(path.join(DIST_CLIENT, href), 'utf8');
    // `</style` would end the element early; a build never writes it, but a link is always safe.
    if (Buffer.byteLength(text) > INLINE_CSS_MAX_BYTES || /<\/style/i.test(text)) return undefined;
    return text;
  } catch {
    return undefined;
  }
}

/**
 * The entry script, its chunks and stylesheets, plus those of each page;
 * and the CSP sources of the stylesheets that go inline (`styleSources`).
 */
export function siteAssets(
  manifest: Manifest,
  entry = CLIENT_ENTRY,
  readStylesheet: (href: string) => string | undefined = readSmallStylesheet,
) {
  const root = manifest[entry];
  if (!root) throw new Error(`The Vite manifest has no entry ${entry}`);
  const base = closure(manifest, entry);
  const script = `/${root.file}`;
  const styles = new Map<string, PageStyle>();
  const styleOf = (href: string): PageStyle => {
    let style = styles.get(href);
    if (!style) {
      style = { href, inline: readStylesheet(href) };
      styles.set(href, style);
    }
    return style;
  };
  const forPage = (pageId: string): PageAssets => {
    const key = PAGE_MODULES[pageId];
    const page = key ? closure(manifest, key) : { scripts: [], css: [] };
    const preload = [...new Set([...base.scripts, ...page.scripts])].filter((s) => s !== script);
    return { script, preload, css: [...new Set([...base.css, ...page.css])].map(styleOf) };
  };
  for (const pageId of Object.keys(PAGE_MODULES)) forPage(pageId);
  const styleSources = [...styles.values()]
    .flatMap((style) => (style.inline === undefined ? [] : [styleHashSource(style.inline)]))
    .join(' ');
  return { forPage, styleSources };
}

let cached: { mtimeMs: number; assets: ReturnType<typeof siteAssets> } | undefined;

/** The assets of the last build, re-read only after a new build. */
function currentAssets(): ReturnType<typeof siteAssets> {
  const { mtimeMs } = statSync(VITE_MANIFEST);
  if (cached?.mtimeMs !== mtimeMs) {
    const manifest = JSON.parse(readFileSync(VITE_MANIFEST, 'utf8')) as Manifest;
    cached = { mtimeMs, assets: siteAssets(manifest) };
  }
  return cached.assets;
}

export function pageAssets(pageId: string): PageAssets {
  return currentAssets().forPage(pageId);
}

/**
 * The `style-src` sources that allow the pages' inline stylesheets of the
 * current build (their hashes), for the Content-Security-Policy; empty
 * before the first build.
 */
export function inlineStyleSources(): string {
  try {
    return currentAssets().styleSources;
  } catch {
    return '';
  }
}
