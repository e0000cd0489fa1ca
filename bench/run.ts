/**
 * `npm run bench`: the real server on a fresh temp database, loaded from this
 * process over loopback. Each scenario is bounded in time and request count.
 * Prints throughput, latency percentiles and the server's resident memory, and
 * exits 1 when a target is missed.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { runLoad, type LoadResult } from './load';
import { freePort, rssMiB, startServer } from './server-process';

/** `minRps`: throughput floor at CONCURRENCY closed-loop clients (p95 is reported; at saturation it is queueing). */
type Scenario = { name: string; path: string; minRps: number; expectStatus?: number };

const SCENARIOS: Scenario[] = [
  { name: 'healthz', path: '/healthz', minRps: 800 },
  { name: 'API news list', path: '/api/news?page=1&per_page=6', minRps: 250 },
  { name: 'API article', path: '/api/news/__SLUG__', minRps: 300 },
  { name: 'SSR home', path: '/', minRps: 100 },
  { name: 'SSR news list', path: '/news', minRps: 75 },
  { name: 'SSR article', path: '/__SLUG__', minRps: 75 },
  { name: 'SSR 404', path: '/no-such-page-here', minRps: 100, expectStatus: 404 },
];
const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 16);
const MAX_REQUESTS = 20_000;
/** V8 grows its heap lazily under load; this bounds it for a 1 GiB container with headroom. */
const RSS_TARGET_MIB = 450;

async function main(): Promise<void> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'site-bench-'));
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const server = await startServer(
    { DATA_DIR: dataDir, SEED_DEMO: 'true', NODE_ENV: 'production' },
    port,
  );
  let failed = false;
  try {
    const list = (await (await fetch(`${base}/api/news?per_page=1`)).json()) as {
      data: { news: { slug: string }[] };
    };
    const slug = list.data.news[0]?.slug ?? 'missing';
    const rows: (LoadResult & { name: string; target: number; ok: boolean })[] = [];
    console.log(`server pid ${server.pid}, idle RSS ${rssMiB(server.pid!).toFixed(1)} MiB`);
    for (const s of SCENARIOS) {
      const url = base + s.path.replace('__SLUG__', slug);
      await runLoad({
        url,
        concurrency: 2,
        seconds: 1,
        maxRequests: 200,
        expectStatus: s.expectStatus ?? 200,
      });
      const result = await runLoad({
        url,
        concurrency: CONCURRENCY,
        seconds: SECONDS,
        maxRequests: MAX_REQUESTS,
        expectStatus: s.expectStatus ?? 200,
      });
      const ok = result.errors === 0 && result.rps >= s.minRps;
      rows.push({ name: s.name, target: s.minRps, ok, ...result });
    }
    const rss = rssMiB(server.pid!);
    console.table(
      rows.map((r) => ({
        scenario: r.name,
        requests: r.requests,
        errors: r.errors,
        'req/s': Math.round(r.rps),
        'p50 ms': r.p50.toFixed(1),
        'p95 ms': r.p95.toFixed(1),
        'p99 ms': r.p99.toFixed(1),
        'min req/s': r.target,
        ok: r.ok ? 'yes' : 'NO',
      })),
    );
    console.log(`server RSS after load: ${rss.toFixed(1)} MiB (target ≤ ${RSS_TARGET_MIB} MiB)`);
    failed = rows.some((r) => !r.ok) || !(rss <= RSS_TARGET_MIB);
  } finally {
    server.kill('SIGTERM');
    await new Promise((r) => server.once('exit', r));
    rmSync(dataDir, { recursive: true, force: true });
  }
  console.log(failed ? 'bench: a target was missed' : 'bench: all targets met');
  process.exit(failed ? 1 : 0);
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
