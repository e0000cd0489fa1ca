/**
 * `npm run bench:data`: whether the admin, the sitemap, the statistics and
 * the export cost the same on years of data as on the demo's. The real
 * built server, with its page cache off (every read is rendered and read
 * from the database), is timed on the demo content, stopped, given 10,000
 * articles in three languages and 100,000 enquiries (through the services,
 * bench/data-seed.ts) and three years of page views (bulk inserts), started
 * again and timed once more, the analytics report too: on SQLite and,
 * when installed, PostgreSQL. Prints every figure beside its target,
 * writes bench/data-results.json, and exits 1 when a target is missed.
 */
import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ANALYTICS_PERIODS } from '#shared/analytics';
import { NEWS_PAGE_SIZE } from '#shared/pagination';
import { postgresAvailable, postgresUnavailable, startPostgres } from '../tests/support/postgres';
import { seedData, seedViews, type SeedCounts, type ViewCounts } from './data-seed';
import {
  analyticsReadsOf,
  readsOf,
  signIn,
  timeExport,
  timeReads,
  type ExportFigures,
  type Timed,
} from './data-reads';
import { BENCH_ADMIN } from './seed';
import { freePort, rssAfterLoad, startServer, stop } from './server-process';

const COUNTS: SeedCounts = {
  articles: Number(process.env.BENCH_ARTICLES ?? 10_000),
  enquiries: Number(process.env.BENCH_ENQUIRIES ?? 100_000),
};
/**
 * Three years of page views of 1,000 articles and the site's pages in three
 * languages every day (3.3 million rows of `page_views`), and 30 referring
 * sites a day. Not the 10,000 articles: each read every day for three years
 * is 33 million rows, longer to seed than the seeding's target; the report
 * sums pages per period, so 1,000 read every day is the heavier case of
 * what a site of this size sees.
 */
const VIEWS: ViewCounts = {
  documents: Number(process.env.BENCH_VIEWED ?? 1_000),
  days: Number(process.env.BENCH_VIEW_DAYS ?? 3 * 365),
  hosts: 30,
};
const TARGET = {
  /** Each read at most this many times its time on the demo data… */
  ratio: 2,
  /** …or under this (a read that fast is within noise of any other)… */
  fastMs: 20,
  /** …and under this in any case. */
  maxMs: 100,
  /**
   * The analytics report, on years of views: under this for every period.
   * No ratio: the demo has no views, so its report is empty.
   */
  analyticsMs: 100,
  adminJsonBytes: 1024 * 1024,
  exportFirstByteMs: 200,
  exportAddedMiB: 50,
  rssMiB: 150,
  seedMinutes: 5,
};

type Row = { read: string; small: Timed; large: Timed; ok: boolean };
type Run = {
  database: string;
  seed: { articlesMs: number; enquiriesMs: number; viewsMs: number };
  rows: Row[];
  analytics: Row[];
  export: ExportFigures;
  rssMiB: number;
  rssRightAfterMiB: number;
  ok: boolean;
};

/** Signs in and reads what the reads depend on: the public total and one article's slug. */
async function measure(base: string) {
  const cookie = await signIn(base, BENCH_ADMIN);
  const list = (await (await fetch(`${base}/api/news`)).json()) as {
    data: { total: number; news: { slug: string }[] };
  };
  return { cookie, total: list.data.total, slug: list.data.news.at(-1)?.slug };
}

async function runOn(database: string, env: Record<string, string>): Promise<Run> {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  let server: ChildProcess = await startServer(env, port);
  try {
    const small = await measure(base);
    const slug = small.slug ?? 'news';
    const lastPage = (total: number) => Math.max(1, Math.ceil(total / NEWS_PAGE_SIZE));
    const before = await timeReads(base, readsOf(lastPage(small.total), slug), small.cookie);
    const analyticsReads = analyticsReadsOf(ANALYTICS_PERIODS);
    const analyticsBefore = await timeReads(base, analyticsReads, small.cookie);
    await stop(server);

    console.log(`${database}: seeding ${COUNTS.articles} articles, ${COUNTS.enquiries} enquiries…`);
    const target = { dataDir: env.DATA_DIR!, databaseUrl: env.DATABASE_URL };
    const seeded = await seedData(target, COUNTS);
    console.log(
      `${database}: seeding ${VIEWS.days} days of views of ${VIEWS.documents} articles and the site's pages…`,
    );
    const seed = { ...seeded, viewsMs: await seedViews(target, VIEWS) };
    console.log(
      `${database}: seeded in ${(seed.articlesMs / 1000).toFixed(0)} s + ${(seed.enquiriesMs / 1000).toFixed(0)} s + ${(seed.viewsMs / 1000).toFixed(0)} s`,
    );

    server = await startServer(env, port);
    const large = await measure(base);
    const reads = readsOf(lastPage(large.total), slug);
    const after = await timeReads(base, reads, large.cookie);
    const analyticsAfter = await timeReads(base, analyticsReads, large.cookie);
    const exported = await timeExport(base, large.cookie, server.pid!);
    const memory = await rssAfterLoad(server.pid!);
    const rss = memory.rested;

    const rows: Row[] = reads.map((r) => {
      const s = before.get(r.name)!;
      const l = after.get(r.name)!;
      const inTime = (l.ms <= TARGET.ratio * s.ms || l.ms < TARGET.fastMs) && l.ms < TARGET.maxMs;
      const small = !r.admin || l.bytes < TARGET.adminJsonBytes;
      return {
        read: `${r.name} (${r.path})`,
        small: s,
        large: l,
        ok: inTime && small && l.status === 200,
      };
    });
    const analytics: Row[] = analyticsReads.map((r) => {
      const l = analyticsAfter.get(r.name)!;
      return {
        read: `${r.name} (${r.path})`,
        small: analyticsBefore.get(r.name)!,
        large: l,
        ok: l.ms < TARGET.analyticsMs && l.bytes < TARGET.adminJsonBytes && l.status === 200,
      };
    });
    const exportOk =
      exported.firstByteMs < TARGET.exportFirstByteMs && exported.addedMiB < TARGET.exportAddedMiB;
    const seedOk = seed.articlesMs + seed.enquiriesMs + seed.viewsMs < TARGET.seedMinutes * 60_000;
    const ok =
      rows.every((r) => r.ok) &&
      analytics.every((r) => r.ok) &&
      exportOk &&
      rss < TARGET.rssMiB &&
      seedOk;
    return {
      database,
      seed,
      rows,
      analytics,
      export: exported,
      rssMiB: rss,
      rssRightAfterMiB: memory.rightAfter,
      ok,
    };
  } finally {
    await stop(server);
  }
}

const mark = (ok: boolean) => (ok ? 'ok' : 'MISSED');

function print(run: Run): void {
  console.log(`\n${run.database}: ${COUNTS.articles} articles, ${COUNTS.enquiries} enquiries`);
  console.table(
    run.rows.map((r) => ({
      read: r.read,
      'demo ms': Number(r.small.ms.toFixed(1)),
      'large ms': Number(r.large.ms.toFixed(1)),
      'large kB': Number((r.large.bytes / 1024).toFixed(1)),
      target: `≤ ${TARGET.ratio}x or < ${TARGET.fastMs} ms, < ${TARGET.maxMs} ms; admin < 1 MB`,
      result: r.large.status === 200 ? mark(r.ok) : `HTTP ${r.large.status}`,
    })),
  );
  console.log(
    `${run.database}: the analytics report on ${VIEWS.days} days of views of ${VIEWS.documents} articles and the site's pages in 3 languages`,
  );
  console.table(
    run.analytics.map((r) => ({
      read: r.read,
      'demo ms': Number(r.small.ms.toFixed(1)),
      'large ms': Number(r.large.ms.toFixed(1)),
      'large kB': Number((r.large.bytes / 1024).toFixed(1)),
      target: `< ${TARGET.analyticsMs} ms; < 1 MB`,
      result: r.large.status === 200 ? mark(r.ok) : `HTTP ${r.large.status}`,
    })),
  );
  const e = run.export;
  const seedS = (run.seed.articlesMs + run.seed.enquiriesMs + run.seed.viewsMs) / 1000;
  console.log(
    [
      `export of ${COUNTS.enquiries} enquiries: first bytes ${e.firstByteMs.toFixed(0)} ms (target < ${TARGET.exportFirstByteMs}) ${mark(e.firstByteMs < TARGET.exportFirstByteMs)}`,
      `  all ${(e.bytes / 1024 / 1024).toFixed(1)} MB in ${e.totalMs.toFixed(0)} ms; server memory +${e.addedMiB.toFixed(1)} MiB (target < ${TARGET.exportAddedMiB}) ${mark(e.addedMiB < TARGET.exportAddedMiB)}`,
      `server RSS after the run, rested 8 s: ${run.rssMiB.toFixed(0)} MiB (target < ${TARGET.rssMiB}) ${mark(run.rssMiB < TARGET.rssMiB)}; right after it ${run.rssRightAfterMiB.toFixed(0)} MiB`,
      `seeding: ${seedS.toFixed(0)} s (target < ${TARGET.seedMinutes * 60}) ${mark(seedS < TARGET.seedMinutes * 60)}`,
    ].join('\n'),
  );
}

async function main(): Promise<void> {
  const work = mkdtempSync(path.join(tmpdir(), 'site-bench-data-'));
  const env = {
    NODE_ENV: 'production',
    SEED_DEMO: 'true',
    ADMIN_USERNAME: BENCH_ADMIN.username,
    ADMIN_PASSWORD: BENCH_ADMIN.password,
    // Every read rendered and read from the database: the cost of a miss.
    PAGE_CACHE_MB: '0',
    LOG_LEVEL: 'warn',
  };
  const runs: Run[] = [];
  try {
    const only = process.env.BENCH_DATABASE;
    if (only !== 'postgres') {
      runs.push(await runOn('SQLite', { ...env, DATA_DIR: path.join(work, 'sqlite') }));
      print(runs.at(-1)!);
    }
    if (only !== 'sqlite') {
      const pg = postgresAvailable ? await startPostgres() : null;
      if (!pg) console.log(`\nPostgreSQL: skipped (${postgresUnavailable ?? 'not available'})`);
      else {
        try {
          const pgEnv = { ...env, DATA_DIR: path.join(work, 'pg'), DATABASE_URL: pg.url };
          runs.push(await runOn('PostgreSQL', pgEnv));
          print(runs.at(-1)!);
        } finally {
          await pg.stop();
        }
      }
    }
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
  const ok = runs.length > 0 && runs.every((r) => r.ok);
  writeFileSync(
    path.join(import.meta.dirname, 'data-results.json'),
    `${JSON.stringify({ at: new Date().toISOString(), counts: COUNTS, views: VIEWS, targets: TARGET, runs, ok }, null, 2)}\n`,
  );
  console.log(ok ? '\nbench:data: all targets met' : '\nbench:data: a target was missed');
  process.exit(ok ? 0 : 1);
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? (error.stack ?? error.message) : error);
  process.exit(1);
});
