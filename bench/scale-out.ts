/**
 * The two-instance figures of `npm run bench`: the same pages and enquiries,
 * served by two instances of the built server on one PostgreSQL (a
 * throwaway cluster) behind nginx round robin, as docs/deploy.md sets them
 * up. They are printed beside the single SQLite instance's, so the cost (or
 * gain) of the switch is known; on a small machine all of them share its cores.
 */
import { instanceEnv, spawnInstance, type Instance } from '../tests/support/instances';
import { startProxy } from '../tests/support/nginx-proxy';
import { postgresAvailable, postgresUnavailable, startPostgres } from '../tests/support/postgres';
import { freePort } from './server-process';
import { BENCH_ADMIN, seedArticles } from './seed';
import type { LoadResult } from './wrk';

export type ScaleOutRow = { path: string; rps: number; p99: number; failures: number };
export type ScaleOutResult = { pages: ScaleOutRow[]; enquiries: LoadResult } | { skipped: string };

type Load = (
  url: string,
  rounds: number,
) => Promise<{ rps: number; p99: number; failures: number }>;
type PostLoad = (url: string) => Promise<LoadResult>;

export async function measureScaleOut(
  nginx: string | null,
  paths: readonly string[],
  load: Load,
  postLoad: PostLoad,
): Promise<ScaleOutResult> {
  if (!nginx) return { skipped: 'nginx is not installed' };
  if (!postgresAvailable) return { skipped: `no PostgreSQL (${postgresUnavailable})` };
  const pg = (await startPostgres())!;
  const instances: Instance[] = [];
  let proxy: Awaited<ReturnType<typeof startProxy>> | undefined;
  try {
    const env = instanceEnv(pg.url, {
      NODE_ENV: 'production',
      SEED_DEMO: 'true',
      ADMIN_USERNAME: BENCH_ADMIN.username,
      ADMIN_PASSWORD: BENCH_ADMIN.password,
      // Production's enquiry limit; nginx passes each visitor's address on.
      TRUST_PROXY: 'loopback',
      LOG_LEVEL: 'warn',
    });
    instances.push(await spawnInstance(env), await spawnInstance(env));
    await Promise.all(instances.map((i) => i.ready));
    await seedArticles(instances[0]!.url);
    proxy = await startProxy(
      nginx,
      instances.map((i) => i.port),
      await freePort(),
    );
    const pages: ScaleOutRow[] = [];
    for (const path of paths) pages.push({ path, ...(await load(proxy.url + path, 1)) });
    const enquiries = await postLoad(`${proxy.url}/api/contacts`);
    return { pages, enquiries };
  } finally {
    await Promise.allSettled(instances.map((i) => i.stop()));
    await proxy?.stop().catch(() => undefined);
    await pg.stop();
  }
}
