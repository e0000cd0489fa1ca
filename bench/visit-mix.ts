/**
 * What a browser's visit asks for, measured the way visitors and the
 * documented deployment use the site: `/`, `/news`, an article, `/contact`,
 * `/api/news`, the page's script, its stylesheet and its image, in turn on each
 * connection (wrk's script cycles through them per thread, so every kept
 * connection carries the whole mix), against
 *
 * - nginx serving the very same bytes at the same addresses (straight),
 * - the server behind nginx as docs/deploy.md configures it (`proxied`),
 * - and the ceiling of any site behind that proxy: the same nginx proxy in
 *   front of nginx serving those bytes (`ceiling`).
 *
 * The pages alone are measured through the proxy too, beside the ceiling.
 */
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { startDocumentedProxy } from './documented-proxy';
import { median, roundsOf } from './rounds';
import { freePort } from './server-process';
import type { LoadResult } from './wrk';

export const VISIT_TARGET = { straight: 0.5, proxied: 0.8 };

export type Visit = { name: string; path: string };

/** The pages of a browser's visit (its script, stylesheet and image are read off the home page). */
export const VISIT_PAGES: Visit[] = [
  { name: 'home', path: '/' },
  { name: 'news', path: '/news' },
  { name: 'article', path: '/field-report-8' },
  { name: 'contact', path: '/contact' },
  { name: 'api-news', path: '/api/news' },
];

/** The script (the page's one `<script src>`), stylesheet and first image (the hero's still) a page names. */
export function pageFiles(html: string): Visit[] {
  const script = /<script[^>]+src="(\/assets\/[^"]+\.js)"/.exec(html)?.[1];
  const style = /<link rel="stylesheet" href="(\/assets\/[^"]+\.css)"/.exec(html)?.[1];
  const image = /<link rel="preload" as="image" href="(\/assets\/[^"]+)"/.exec(html)?.[1];
  if (!script || !style || !image) {
    throw new Error('the home page names no script, stylesheet or image to preload');
  }
  return [
    { name: 'script', path: script },
    { name: 'stylesheet', path: style },
    { name: 'image', path: image },
  ];
}

/** wrk's Lua: each request the next address of the visit, round and round. */
export function writeVisitScript(dir: string, visit: Visit[]): string {
  const file = path.join(dir, 'visit.lua');
  writeFileSync(
    file,
    [
      `local paths = { ${visit.map((v) => JSON.stringify(v.path)).join(', ')} }`,
      'local n = 0',
      'request = function()',
      '  n = n + 1',
      '  return wrk.format("GET", paths[(n - 1) % #paths + 1])',
      'end',
      '',
    ].join('\n'),
  );
  return file;
}

export type RatioRow = {
  what: string;
  ours: number;
  theirs: number;
  ratio: number;
  rounds: number[];
  target: number;
  against: string;
  p99: number;
  failures: number;
};

/** Rounds of `ours` against `theirs`, alternating; the median of the rounds' own ratios. */
export async function ratioRow(
  what: string,
  urls: { ours: string; theirs: string },
  load: (url: string) => Promise<LoadResult>,
  rounds: number,
  target: number,
  against: string,
): Promise<RatioRow> {
  const results = await roundsOf(urls, load, rounds);
  const ours = results.map((r) => r.ours!);
  const theirs = results.map((r) => r.theirs!);
  const ratios = results.map((r) => r.ours!.rps / r.theirs!.rps);
  return {
    what,
    ours: median(ours.map((r) => r.rps)),
    theirs: median(theirs.map((r) => r.rps)),
    ratio: median(ratios),
    rounds: ratios,
    target,
    against,
    p99: median(ours.map((r) => r.p99)),
    failures: [...ours, ...theirs].reduce((sum, r) => sum + r.failures, 0),
  };
}

/** The rows as a table, each figure beside its target. */
export function printRatioRows(title: string, rows: RatioRow[]): void {
  console.log(title);
  console.table(
    rows.map((r) => ({
      load: r.what,
      'req/s': Math.round(r.ours),
      against: r.against,
      'its req/s': Math.round(r.theirs),
      ratio: r.ratio.toFixed(2),
      target: `≥ ${r.target}`,
      'ratio by round': r.rounds.map((x) => x.toFixed(2)).join(' '),
      'p99 ms': r.p99.toFixed(1),
      failures: r.failures,
    })),
  );
}

export const rowOk = (r: RatioRow) => r.ratio >= r.target && r.failures === 0;

/**
 * A browser's visit straight at the server against nginx serving the same
 * bytes, and through the proxy of docs/deploy.md against the same proxy in
 * front of that nginx (the ceiling of any site behind it); then each page
 * of the visit alone through both proxies.
 */
export async function measureVisits(
  nginx: string,
  run: {
    work: string;
    /** The server's port, and nginx's serving the saved bytes at their own addresses. */
    port: number;
    nginxPort: number;
    visit: Visit[];
    rounds: number;
    /** Rounds of the rows through the proxies, whose target sits closer to their figures. */
    proxiedRounds: number;
    /** One load run (wrk), with a Lua script of requests when given. */
    load: (url: string, script?: string) => Promise<LoadResult>;
    stops: (() => Promise<void>)[];
  },
): Promise<RatioRow[]> {
  const { work, visit, load, rounds, proxiedRounds } = run;
  const proxy = async (name: string, upstreamPort: number) => {
    const started = await startDocumentedProxy(nginx, {
      dir: path.join(work, name),
      upstreamPort,
      listenPort: await freePort(),
      installRoot: process.cwd(),
    });
    run.stops.push(() => started.stop());
    return started;
  };
  const proxied = await proxy('proxy', run.port);
  const ceiling = await proxy('ceiling', run.nginxPort);
  const script = writeVisitScript(work, visit);
  const visitLoad = (url: string) => load(url, script);
  const pageLoad = (url: string) => load(url);
  const nginxUrl = `http://127.0.0.1:${run.nginxPort}`;
  const rows = [
    await ratioRow(
      'a visit, straight at the server',
      { ours: `http://127.0.0.1:${run.port}/`, theirs: `${nginxUrl}/` },
      visitLoad,
      rounds,
      VISIT_TARGET.straight,
      'nginx serving the same bytes',
    ),
    await ratioRow(
      'a visit, through the documented nginx',
      { ours: `${proxied.url}/`, theirs: `${ceiling.url}/` },
      visitLoad,
      proxiedRounds,
      VISIT_TARGET.proxied,
      'the ceiling (that nginx in front of nginx)',
    ),
  ];
  for (const page of visit.filter((v) => !v.path.startsWith('/assets/'))) {
    rows.push(
      await ratioRow(
        `GET ${page.path} through the documented nginx`,
        { ours: proxied.url + page.path, theirs: ceiling.url + page.path },
        pageLoad,
        proxiedRounds,
        VISIT_TARGET.proxied,
        'the ceiling',
      ),
    );
  }
  return rows;
}
