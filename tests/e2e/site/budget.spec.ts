import { readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { E2E } from '../../support/e2e-env';

/**
 * What a visitor's first load of each public page costs in JavaScript,
 * measured in the browser: every script it fetches, counted at its gzip size
 * (the copy the build wrote beside it). The budget holds for every page type
 * and language; no admin code and nothing render-blocking from another site.
 */
const BUDGET_BYTES = 130_000;
const DIST = path.resolve('dist/client');

type Manifest = Record<string, { file: string; imports?: string[]; dynamicImports?: string[] }>;
const readManifest = (name: string) =>
  JSON.parse(readFileSync(path.join(DIST, '.vite', name), 'utf8')) as Manifest;
/** The site and the admin are built apart (vite.config.ts, vite.admin.config.ts), each with its manifest. */
const siteManifest = readManifest('manifest.json');
const adminManifest = readManifest('admin-manifest.json');

/** Every chunk reachable from an entry, following static and dynamic imports. */
function reachable(manifest: Manifest, entry: string): Set<string> {
  const seen = new Set<string>();
  const visit = (key: string) => {
    const chunk = manifest[key];
    if (!chunk || seen.has(chunk.file)) return;
    seen.add(chunk.file);
    for (const next of [...(chunk.imports ?? []), ...(chunk.dynamicImports ?? [])]) visit(next);
  };
  visit(entry);
  return seen;
}
const siteChunks = reachable(siteManifest, 'site/entry-client.tsx');
/** The page's one named script, which fetches the others after the first paint. */
const loader = siteManifest['site/hydrate-on-intent.ts']!.file;
/** Chunks only the admin uses: a public page must never fetch one. */
const adminOnly = [...reachable(adminManifest, 'admin/index.html')].filter(
  (file) => !siteChunks.has(file),
);

const gzipSize = (file: string) => {
  try {
    return statSync(path.join(DIST, `${file}.gz`)).size;
  } catch {
    return statSync(path.join(DIST, file)).size;
  }
};

/**
 * What can hold up the first paint or the page's start: a script, a
 * stylesheet, a font. (An article's picture from another address is the
 * editor's content; it loads beside the page and blocks nothing.)
 */
const BLOCKING_TYPES = new Set(['script', 'stylesheet', 'font', 'document']);

async function firstLoad(page: Page, url: string) {
  const scripts: string[] = [];
  const foreign: string[] = [];
  page.on('request', (request) => {
    const address = new URL(request.url());
    const elsewhere = address.origin !== E2E.baseUrl && !address.protocol.startsWith('data');
    if (elsewhere && BLOCKING_TYPES.has(request.resourceType())) foreign.push(request.url());
    if (request.resourceType() === 'script') scripts.push(address.pathname.slice(1));
  });
  await page.goto(url, { waitUntil: 'networkidle' });
  return { scripts: [...new Set(scripts)], foreign };
}

const PAGES = ['/', '/news', '/contact', '/no-such-page'];

for (const language of ['en', 'pt']) {
  for (const address of PAGES) {
    test(`${address} in ${language}: at most 130 kB of gzip JavaScript, no admin code`, async ({
      page,
    }) => {
      const { scripts, foreign } = await firstLoad(page, `${address}?lang=${language}`);
      const total = scripts.reduce((sum, file) => sum + gzipSize(file), 0);
      expect(scripts.length).toBeGreaterThan(0);
      expect(total, `scripts: ${scripts.join(', ')}`).toBeLessThanOrEqual(BUDGET_BYTES);
      expect(scripts.filter((file) => adminOnly.includes(file))).toEqual([]);
      expect(foreign).toEqual([]);
    });
  }
}

test('an article in German: at most 130 kB of gzip JavaScript', async ({ page, request }) => {
  const list = await (await request.get('/api/news?per_page=1')).json();
  const slug = list.data.news[0].slug as string;
  const { scripts, foreign } = await firstLoad(page, `/${slug}?lang=de`);
  const total = scripts.reduce((sum, file) => sum + gzipSize(file), 0);
  expect(total, `scripts: ${scripts.join(', ')}`).toBeLessThanOrEqual(BUDGET_BYTES);
  expect(scripts.filter((file) => adminOnly.includes(file))).toEqual([]);
  expect(foreign).toEqual([]);
});

test('the document head holds no render-blocking script and no stylesheet from elsewhere', async ({
  request,
}) => {
  const html = await (await request.get('/')).text();
  const head = html.slice(0, html.indexOf('</head>'));
  for (const tag of head.match(/<script\b[^>]*>/g) ?? []) {
    expect(tag, tag).toMatch(
      /type="(module|application\/ld\+json|application\/json)"|\basync\b|\bdefer\b/,
    );
  }
  for (const tag of head.match(/<link\b[^>]*rel="stylesheet"[^>]*>/g) ?? []) {
    expect(tag).toMatch(/href="\//);
  }
});

test('a page is on screen before its scripts are fetched', async ({ page }) => {
  // The moment the browser first renders a frame (render-blocking stylesheet in, first paint under way).
  await page.addInitScript(() => {
    requestAnimationFrame(() => {
      (window as unknown as { firstFrameAt: number }).firstFrameAt = performance.now();
    });
  });
  for (const address of ['/', '/news', '/contact?lang=de']) {
    await page.goto(address, { waitUntil: 'networkidle' });
    // On a busy machine the first frame, and so the scripts, can come after the network went quiet.
    await page.waitForFunction(
      () =>
        performance.getEntriesByType('resource').filter((entry) => entry.name.endsWith('.js'))
          .length >= 4,
    );
    const { firstFrameAt, scripts } = await page.evaluate(() => ({
      firstFrameAt: (window as unknown as { firstFrameAt?: number }).firstFrameAt,
      scripts: performance
        .getEntriesByType('resource')
        .filter((entry) => entry.name.endsWith('.js'))
        .map((entry) => ({ url: entry.name, startTime: entry.startTime })),
    }));
    const fetchedLater = scripts.filter((script) => !script.url.endsWith(`/${loader}`));
    expect(firstFrameAt, address).toBeDefined();
    // The entry, its chunks and the page's own: all of them, and each asked for after that frame.
    expect(fetchedLater.length, address).toBeGreaterThanOrEqual(3);
    for (const script of fetchedLater) {
      expect(script.startTime, `${address}: ${script.url}`).toBeGreaterThan(firstFrameAt!);
    }
  }
});
