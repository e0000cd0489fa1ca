import { Agent, get } from 'node:http';
import knex from 'knex';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { instanceEnv, spawnInstance, type Instance } from '../../../tests/support/instances';
import { findNginx, startProxy } from '../../../tests/support/nginx-proxy';
import {
  postgresAvailable,
  postgresUnavailable,
  freePort,
  startPostgres,
  type TestPostgres,
} from '../../../tests/support/postgres';

/**
 * Page views of built servers sharing one PostgreSQL database: cached pages
 * answered on the socket lane count like rendered ones, each server's
 * counts add to the others', a server stopped with SIGTERM writes what it
 * counted on the way down, and one that crashes loses at most the views of
 * its last ANALYTICS_FLUSH_SECONDS.
 */
const title = postgresAvailable
  ? 'page views of several servers on one PostgreSQL'
  : `page views of several servers on one PostgreSQL (skipped: ${postgresUnavailable})`;

const BROWSER = 'Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0';

/** `count` readers' requests for `path`, one after the other on one kept-alive connection. */
async function readPage(
  instance: { port: number },
  path: string,
  count: number,
  headers: Record<string, string> = {},
): Promise<string[]> {
  const agent = new Agent({ keepAlive: true, maxSockets: 1 });
  const sources: string[] = [];
  try {
    for (let i = 0; i < count; i++) {
      sources.push(
        await new Promise<string>((resolve, reject) => {
          get(
            {
              host: '127.0.0.1',
              port: instance.port,
              path,
              agent,
              headers: { 'User-Agent': BROWSER, ...headers },
            },
            (res) => {
              res.resume();
              res.on('end', () => resolve(String(res.headers['x-cache'] ?? 'rendered')));
            },
          ).on('error', reject);
        }),
      );
      // The first answer is kept once compressed, off the request path.
      if (i === 0) await new Promise((r) => setTimeout(r, 300));
    }
  } finally {
    agent.destroy();
  }
  return sources;
}

describe.skipIf(!postgresAvailable)(title, () => {
  let pg: TestPostgres;
  let db: ReturnType<typeof knex>;
  const running: Instance[] = [];

  beforeAll(async () => {
    pg = (await startPostgres())!;
    db = knex({ client: 'pg', connection: pg.url, pool: { min: 0, max: 1 } });
  });
  afterAll(async () => {
    await Promise.all(running.map((i) => i.stop()));
    await db?.destroy();
    await pg?.stop();
  });

  const homeViews = async () =>
    Number((await db('page_views').where({ page: 'home' }).sum({ n: 'views' }).first())?.n ?? 0);

  it('add up, from the socket lane too, and survive SIGTERM and a crash', async () => {
    const env = instanceEnv(pg.url, { ANALYTICS_FLUSH_SECONDS: '1', LOG_LEVEL: 'warn' });
    const first = await spawnInstance(env);
    running.push(first);
    await first.ready;
    const second = await spawnInstance(env);
    running.push(second);
    await second.ready;

    const fromFirst = await readPage(first, '/', 12);
    const fromSecond = await readPage(second, '/', 7);
    expect(fromFirst.filter((s) => s === 'HIT').length).toBeGreaterThan(5);
    expect(fromSecond.filter((s) => s === 'HIT').length).toBeGreaterThan(3);
    // What the lane reads of a cached page's request: where the reader came from, and a prefetch.
    const referred = await readPage(second, '/', 5, { Referer: 'https://www.google.com/' });
    const prefetched = await readPage(second, '/', 3, { 'Sec-Purpose': 'prefetch' });
    expect([...referred, ...prefetched]).toEqual(Array(8).fill('HIT'));

    // Stopped: what it counted since its last write is written on the way down.
    expect(await first.stop('SIGTERM')).toBe(0);
    // Crashed, after its last write had time to happen (every second here).
    await new Promise((r) => setTimeout(r, 2_500));
    await second.stop('SIGKILL');
    expect(await homeViews()).toBe(24);
    expect(await db('referrer_views').select('host', 'views')).toEqual([
      { host: 'google.com', views: 5 },
    ]);
    // Two servers started and stopped: the time a loaded machine needs.
  }, 90_000);

  const nginx = findNginx();
  it.skipIf(!nginx)(
    'add up behind nginx with TRUST_PROXY, the site’s own address never a referrer',
    async () => {
      const env = instanceEnv(pg.url, {
        ANALYTICS_FLUSH_SECONDS: '1',
        LOG_LEVEL: 'warn',
        TRUST_PROXY: '1',
      });
      const [a, b] = [await spawnInstance(env), await spawnInstance(env)];
      running.push(a, b);
      await Promise.all([a.ready, b.ready]);
      const listen = await freePort();
      const proxy = await startProxy(nginx!, [a.port, b.port], listen);
      try {
        const newsViews = async () =>
          Number(
            (await db('page_views').where({ page: 'news' }).sum({ n: 'views' }).first())?.n ?? 0,
          );
        const before = await newsViews();
        const hosts = async () =>
          (await db('referrer_views').orderBy('host').select('host', 'views')) as {
            host: string;
            views: number;
          }[];
        const hostsBefore = await hosts();
        // Round robin: each instance answers about half, from its page cache after the first.
        const sources = await readPage({ port: listen }, '/news', 10, {
          Referer: `http://127.0.0.1:${listen}/`,
          'X-Forwarded-For': '203.0.113.9',
        });
        expect(sources.filter((s) => s === 'HIT').length).toBeGreaterThan(4);
        await readPage({ port: listen }, '/news', 6, { Referer: 'https://www.linkedin.com/feed/' });
        expect(await a.stop('SIGTERM')).toBe(0);
        expect(await b.stop('SIGTERM')).toBe(0);
        expect((await newsViews()) - before).toBe(16);
        // The site's own address (the Host nginx passes on) is no referrer; linkedin is.
        const added = (await hosts()).filter(
          (h) => !hostsBefore.some((old) => old.host === h.host && old.views === h.views),
        );
        expect(added).toEqual([{ host: 'linkedin.com', views: 6 }]);
        // Nothing of the reader's address is kept anywhere.
        const stored = JSON.stringify([
          await db('page_views').select(),
          await db('referrer_views').select(),
        ]);
        expect(stored).not.toContain('203.0.113');
      } finally {
        await proxy.stop();
      }
    },
    90_000,
  );
});
