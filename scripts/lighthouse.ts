/**
 * `npm run lighthouse`: Lighthouse (mobile: Moto G Power emulation, simulated
 * slow 4G) in Debian's Chromium against the real built server on a fresh temp
 * database, on the home page, the news list, an article and the contact page
 * in English and German. Prints the four scores of each and writes the
 * details to lighthouse/<page>.json (not committed); exits 1 below the target.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { freePort, startServer } from '../bench/server-process';

const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;
const TARGET = 100;
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
/**
 * Runs of one page when Lighthouse itself fails to record it (a
 * `runtimeError` such as NO_NAVSTART, whose message says to run it again):
 * such a run scores 0 whatever the page is.
 */
const TRIES = 3;

/** One page's report, run again while Lighthouse fails to record it (the last one otherwise). */
async function audit(url: string, port: number) {
  for (let attempt = 1; ; attempt++) {
    const result = await lighthouse(url, {
      port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: [...CATEGORIES],
    });
    if (!result) throw new Error(`no Lighthouse result for ${url}`);
    const { lhr } = result;
    if (!lhr.runtimeError || attempt === TRIES) return lhr;
    console.log(`lighthouse: ${lhr.runtimeError.code} on ${url}, running it again`);
  }
}

async function main(): Promise<void> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'site-lighthouse-'));
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const server = await startServer(
    { DATA_DIR: dataDir, SEED_DEMO: 'true', NODE_ENV: 'production' },
    port,
  );
  const chrome = await chromeLauncher.launch({
    chromePath: CHROMIUM,
    chromeFlags: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
  const rows: Record<string, string | number>[] = [];
  let missed = false;
  try {
    const list = (await (await fetch(`${base}/api/news?per_page=1`)).json()) as {
      data: { news: { slug: string }[] };
    };
    const slug = list.data.news[0]?.slug ?? 'missing';
    const pages = ['/', '/news', `/${slug}`, '/contact'];
    mkdirSync('lighthouse', { recursive: true });
    for (const language of ['en', 'de']) {
      for (const page of pages) {
        const url = `${base}${page}${page.includes('?') ? '&' : '?'}lang=${language}`;
        const lhr = await audit(url, chrome.port);
        const row: Record<string, string | number> = { page: `${page} (${language})` };
        for (const category of CATEGORIES) {
          const score = Math.round((lhr.categories[category]?.score ?? 0) * 100);
          row[category] = score;
          if (score < TARGET) missed = true;
        }
        const failing = Object.values(lhr.audits)
          .filter((a) => a.score !== null && a.score < 1 && a.scoreDisplayMode !== 'informative')
          .map((a) => a.id);
        row['below 1'] = lhr.runtimeError
          ? `Lighthouse failed ${TRIES} times: ${lhr.runtimeError.code}`
          : failing.slice(0, 6).join(', ') || '-';
        rows.push(row);
        const name = `${language}${page === '/' ? '-home' : page.replace(/\//g, '-')}`;
        writeFileSync(path.join('lighthouse', `${name}.json`), JSON.stringify(lhr, null, 1));
      }
    }
  } finally {
    chrome.kill();
    server.kill('SIGTERM');
    await new Promise((r) => server.once('exit', r));
    rmSync(dataDir, { recursive: true, force: true });
  }
  console.table(rows);
  console.log(missed ? `lighthouse: a score is below ${TARGET}` : 'lighthouse: every score is 100');
  process.exit(missed ? 1 : 0);
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
