/**
 * `npm run bench`: the real built server on a fresh temp database (the demo
 * articles plus 60 more, with translations), measured against the physical
 * limit: nginx serving the very bytes the server sent, loaded by the same
 * client (wrk, 32 connections, bounded in time) in alternating rounds, each
 * round in another order, the ratio being the median of the rounds' own
 * ratios, so it holds on a noisy machine. A bare Node.js `http` server answering the
 * same bytes from memory is loaded in the same rounds: the ceiling of any
 * server built on Node here, which shows how much of the gap is Node's own.
 * Enquiries are posted after a 3-second warm-up, in five 5-second rounds,
 * each from another address (production's contact limit stays on). Prints
 * every figure beside its target, writes bench/results.json, and exits 1
 * when a target is missed.
 */
import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, tmpdir } from 'node:os';
import path from 'node:path';
import { startBareNode } from './bare-node';
import { findNginx } from '../tests/support/nginx';
import { startNginx, type SavedPage } from './nginx';
import { printScaleOut, type PageRow } from './report';
import { measureScaleOut } from './scale-out';
import { savePage } from './save-page';
import { BENCH_ADMIN, seedArticles } from './seed';
import { coldStart, freePort, rssAfterLoad, startServer, stop } from './server-process';
import { alternatingRounds, median } from './rounds';
import {
  measureVisits,
  pageFiles,
  printRatioRows,
  rowOk,
  VISIT_PAGES,
  type Visit,
} from './visit-mix';
import { measureSqliteSync } from './sqlite-sync';
import { hasWrk, wrk, type LoadResult } from './wrk';

const CONNECTIONS = 32;
const SECONDS = Number(process.env.BENCH_SECONDS ?? 3);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
/**
 * Rounds of the rows through the documented proxy. Their target (0.8x the
 * ceiling) sits close to what they measure, and with five rounds the median
 * of one page moved by up to 0.1 from run to run on the same code
 * (0.79-0.94 on 2026-11-27): a machine's slow minute decided it. Nine rounds
 * rest each median on more of them, for about two and a half minutes more.
 */
const PROXIED_ROUNDS = Number(process.env.BENCH_PROXIED_ROUNDS ?? 2 * ROUNDS - 1);
/**
 * A run before the enquiry rounds, reported apart: an enquiry runs about
 * 1,500 functions that the page rounds never reach (Express, knex, zod), and
 * V8 optimises them over its first 10,000 or so (`--trace-opt`: 600 after
 * 4 s of load, 1,500 after 24 s), when the rate doubles. The rounds measure
 * the server as it runs for days, not its first seconds.
 */
const WARM_UP_SECONDS = 20;
const TARGET = { ratio: 0.5, p99Ms: 50, rssMiB: 150, coldStartMs: 1000, enquiriesPerSec: 500 };
const ACCEPT = { 'Accept-Encoding': 'br, gzip' };

const PAGES = [
  { name: 'home', path: '/' },
  { name: 'news', path: '/news' },
  { name: 'news-page-3', path: '/news?page=3' },
  { name: 'article', path: '/field-report-8' },
  { name: 'contact', path: '/contact' },
] as const;

async function main(): Promise<void> {
  if (!(await hasWrk())) {
    console.error('bench: wrk is not installed (apt-get install wrk; .ci/run installs it)');
    process.exit(1);
  }
  const work = mkdtempSync(path.join(tmpdir(), 'site-bench-'));
  const env = {
    DATA_DIR: path.join(work, 'data'),
    NODE_ENV: 'production',
    SEED_DEMO: 'true',
    ADMIN_USERNAME: BENCH_ADMIN.username,
    ADMIN_PASSWORD: BENCH_ADMIN.password,
    // The enquiry limit as in production (5 per 10 minutes per address); each
    // enquiry of the load comes from another address, as behind a proxy.
    TRUST_PROXY: 'loopback',
    // As production sets it (docs/deploy.md): pages name one address, straight or through nginx.
    PUBLIC_URL: 'https://www.bench.test',
    LOG_LEVEL: 'info',
  };
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const stops: (() => Promise<void>)[] = [];
  let failed = false;
  try {
    const first = await startServer(env, port);
    await seedArticles(base);
    await stop(first);

    const colds: number[] = [];
    let server: ChildProcess | undefined;
    for (let i = 0; i < 3; i++) {
      if (server) await stop(server);
      const started = await coldStart(env, port);
      colds.push(started.ms);
      server = started.child;
    }
    const running = server!;
    stops.push(() => stop(running));
    const coldStartMs = median(colds);
    console.log(
      `server pid ${running.pid}; cold starts ${colds.map((c) => c.toFixed(0)).join(', ')} ms`,
    );

    const saved: SavedPage[] = [];
    for (const page of PAGES) saved.push(await savePage(base, page, ACCEPT));
    // A browser's visit, each answer saved to be served by nginx at its own address too.
    const home = await (await fetch(`${base}/`)).text();
    const visit: Visit[] = [...VISIT_PAGES, ...pageFiles(home)];
    const visitSaved: SavedPage[] = [];
    for (const item of visit) {
      const named = { name: `visit-${item.name}`, path: item.path };
      visitSaved.push(await savePage(base, named, ACCEPT, { atPath: true }));
    }

    const nginxBinary = findNginx();
    const nginxPort = await freePort();
    // The visit's bytes at their own addresses (`/news`, `/contact`), apart from the pages at `/<name>`.
    const visitNginxPort = await freePort();
    if (nginxBinary) {
      const nginx = await startNginx(nginxBinary, path.join(work, 'nginx'), nginxPort, saved);
      stops.push(() => nginx.stop());
      const visitDir = path.join(work, 'nginx-visit');
      const visitNginx = await startNginx(nginxBinary, visitDir, visitNginxPort, visitSaved);
      stops.push(() => visitNginx.stop());
    } else {
      console.log('bench: nginx is not installed, so the comparison with it is skipped');
    }

    const barePort = await freePort();
    const bare = await startBareNode(work, barePort, saved);
    stops.push(() => bare.stop());

    const load = (url: string) =>
      wrk({ url, seconds: SECONDS, connections: CONNECTIONS, headers: ACCEPT, scratchDir: work });
    const rows: PageRow[] = [];
    for (const page of PAGES) {
      const targets = {
        nginx: nginxBinary ? `http://127.0.0.1:${nginxPort}/${page.name}` : null,
        bare: `http://127.0.0.1:${barePort}/${page.name}`,
        server: base + page.path,
      };
      const rounds = await alternatingRounds(targets, load, ROUNDS);
      const ours = rounds.map((r) => r.server);
      const serverRps = median(ours.map((r) => r.rps));
      const nginxRps = nginxBinary ? median(rounds.map((r) => r.nginx!.rps)) : null;
      // Each round's ratio compares two runs seconds apart: the machine's slower
      // and faster moments cancel out, which the ratio of two medians does not.
      const ratios = nginxBinary ? rounds.map((r) => r.server.rps / r.nginx!.rps) : [];
      rows.push({
        page: page.name,
        path: page.path,
        nginxRps,
        bareNodeRps: median(rounds.map((r) => r.bare.rps)),
        serverRps,
        ratio: nginxBinary ? median(ratios) : null,
        roundRatios: ratios,
        p50: median(ours.map((r) => r.p50)),
        p99: median(ours.map((r) => r.p99)),
        failures: ours.reduce((sum, r) => sum + r.failures, 0),
      });
    }

    const visits = nginxBinary
      ? await measureVisits(nginxBinary, {
          work,
          port,
          nginxPort: visitNginxPort,
          visit,
          rounds: ROUNDS,
          proxiedRounds: PROXIED_ROUNDS,
          load: (url, script) =>
            wrk({
              url,
              seconds: SECONDS,
              connections: CONNECTIONS,
              headers: ACCEPT,
              script,
              scratchDir: work,
            }),
          stops,
        })
      : [];

    const enquiry = JSON.stringify({
      name: 'Bench Visitor',
      email: 'visitor@example.com',
      company: 'Load Test GmbH',
      message: 'We would like to know more about your vision inspection systems for our plant.',
    });
    const postLoad = (url: string, seconds = 5) =>
      wrk({
        url,
        seconds,
        connections: CONNECTIONS,
        postJson: enquiry,
        manyVisitors: true,
        scratchDir: work,
      });
    // A warm-up, then rounds and their median, as for pages (whose rounds
    // follow the saving of each page): one run of a few seconds swings with
    // the machine.
    const postWarmUp = await postLoad(`${base}/api/contacts`, WARM_UP_SECONDS);
    const postRuns: LoadResult[] = [];
    for (let round = 0; round < ROUNDS; round++)
      postRuns.push(await postLoad(`${base}/api/contacts`));
    const posts: LoadResult = {
      rps: median(postRuns.map((r) => r.rps)),
      p50: median(postRuns.map((r) => r.p50)),
      p99: median(postRuns.map((r) => r.p99)),
      requests: postRuns.reduce((sum, r) => sum + r.requests, 0),
      failures: postRuns.reduce((sum, r) => sum + r.failures, 0),
    };
    const memory = await rssAfterLoad(running.pid!);
    const rss = memory.rested;
    const sqliteSync = await measureSqliteSync(path.join(work, 'sync'));
    // The single instance stops, so the two instances have the machine to themselves.
    await stop(running);
    const scaleOut = await measureScaleOut(
      nginxBinary,
      PAGES.map((p) => p.path),
      async (url) => {
        const runs: LoadResult[] = [];
        for (let round = 0; round < ROUNDS; round++) runs.push(await load(url));
        return {
          rps: median(runs.map((r) => r.rps)),
          p99: median(runs.map((r) => r.p99)),
          failures: runs.reduce((sum, r) => sum + r.failures, 0),
        };
      },
      async (url) => {
        await postLoad(url, WARM_UP_SECONDS);
        return postLoad(url);
      },
    );

    console.table(
      rows.map((r) => ({
        page: r.path,
        'nginx req/s': r.nginxRps === null ? 'n/a' : Math.round(r.nginxRps),
        'bare Node req/s': Math.round(r.bareNodeRps),
        'server req/s': Math.round(r.serverRps),
        'ratio (≥ 0.5)': r.ratio === null ? 'n/a' : r.ratio.toFixed(2),
        'ratio by round': r.roundRatios.map((x) => x.toFixed(2)).join(' '),
        'bare Node / nginx': r.nginxRps === null ? 'n/a' : (r.bareNodeRps / r.nginxRps).toFixed(2),
        'p50 ms': r.p50.toFixed(1),
        'p99 ms (< 50)': r.p99.toFixed(1),
        failures: r.failures,
      })),
    );
    const checks = [
      ...rows.map((r) => ({
        what: `${r.path} at ≥ ${TARGET.ratio}x nginx, p99 < ${TARGET.p99Ms} ms, no failures`,
        ok:
          (r.ratio === null || r.ratio >= TARGET.ratio) && r.p99 < TARGET.p99Ms && r.failures === 0,
      })),
      {
        what: `enquiries stored: ${posts.rps.toFixed(0)}/s (target ≥ ${TARGET.enquiriesPerSec}), p99 ${posts.p99.toFixed(1)} ms, ${posts.failures} failures`,
        ok: posts.rps >= TARGET.enquiriesPerSec && posts.failures === 0,
      },
      {
        what: `enquiries in the first ${WARM_UP_SECONDS} s, while V8 still optimises (no target): ${postWarmUp.rps.toFixed(0)}/s, ${postWarmUp.failures} failures`,
        ok: postWarmUp.failures === 0,
      },
      {
        what: `cold start: ${coldStartMs.toFixed(0)} ms to the first 200 of / (target < ${TARGET.coldStartMs} ms)`,
        ok: coldStartMs < TARGET.coldStartMs,
      },
      {
        what: `server RSS after the load, rested 8 s: ${rss.toFixed(1)} MiB (target < ${TARGET.rssMiB} MiB); right after it ${memory.rightAfter.toFixed(1)} MiB`,
        ok: rss < TARGET.rssMiB,
      },
    ];
    for (const check of checks) console.log(`${check.ok ? 'ok  ' : 'MISS'} ${check.what}`);
    if (visits.length > 0) {
      printRatioRows(
        "A browser's visit (/, /news, an article, /contact, /api/news, script, stylesheet, image):",
        visits,
      );
      for (const row of visits) {
        const ok = rowOk(row);
        checks.push({
          what: `${row.what}: ${row.ratio.toFixed(2)}x ${row.against} (target ≥ ${row.target}), ${row.failures} failures`,
          ok,
        });
        console.log(`${ok ? 'ok  ' : 'MISS'} ${checks.at(-1)!.what}`);
      }
    }
    printScaleOut(rows, posts, scaleOut);
    console.log(
      `SQLite commits of one enquiry each: ${sqliteSync.full.toFixed(0)}/s with synchronous=FULL ` +
        `(what the server uses), ${sqliteSync.normal.toFixed(0)}/s with NORMAL`,
    );
    failed = checks.some((c) => !c.ok);
    writeFileSync(
      path.join('bench', 'results.json'),
      `${JSON.stringify(
        {
          date: new Date().toISOString(),
          machine: { cpus: cpus().length, model: cpus()[0]?.model, node: process.version },
          method: {
            client: 'wrk',
            connections: CONNECTIONS,
            seconds: SECONDS,
            rounds: ROUNDS,
            enquiryWarmUpSeconds: WARM_UP_SECONDS,
          },
          targets: TARGET,
          pages: rows,
          visits,
          enquiries: {
            ...posts,
            roundsRps: postRuns.map((r) => Math.round(r.rps)),
            warmUp: postWarmUp,
          },
          coldStartMs: { median: coldStartMs, runs: colds },
          rssMiB: rss,
          rssRightAfterLoadMiB: memory.rightAfter,
          sqliteCommitsPerSec: sqliteSync,
          twoInstancesOnPostgres: scaleOut,
          ok: !failed,
        },
        null,
        2,
      )}\n`,
    );
  } finally {
    for (const stopIt of stops.reverse()) await stopIt().catch(() => undefined);
    rmSync(work, { recursive: true, force: true });
  }
  console.log(failed ? 'bench: a target was missed' : 'bench: all targets met');
  process.exit(failed ? 1 : 0);
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
