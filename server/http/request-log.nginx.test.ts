import { mkdtempSync, rmSync } from 'node:fs';
import { Agent, get } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { spawnInstance, type Instance } from '../../tests/support/instances';
import { findNginx, startDocumentedProxy } from '../../tests/support/nginx-proxy';
import { freePort } from '../../tests/support/postgres';
import { TEST_ADMIN } from '../../tests/support/test-app';
import { PROJECT_ROOT } from '../project-root';

const nginx = findNginx();
/** The visitor's own address: nginx reaches the server from 127.0.0.1. */
const VISITOR = '127.0.0.2';

describe.skipIf(!nginx)('request lines behind the nginx of docs/deploy.md', () => {
  let server: Instance;
  let proxy: Awaited<ReturnType<typeof startDocumentedProxy>>;
  let dir: string;

  beforeAll(async () => {
    server = await spawnInstance({
      NODE_ENV: 'test',
      ADMIN_USERNAME: TEST_ADMIN.username,
      ADMIN_PASSWORD: TEST_ADMIN.password,
      SEED_DEMO: 'false',
      LOG_LEVEL: 'info',
      // One hop: nginx, as the guide configures it.
      TRUST_PROXY: '1',
    });
    await server.ready;
    dir = mkdtempSync(path.join(tmpdir(), 'nginx-documented-'));
    proxy = await startDocumentedProxy(nginx!, {
      dir,
      upstreamPort: server.port,
      listenPort: await freePort(),
      installRoot: PROJECT_ROOT,
    });
  }, 60_000);

  afterAll(async () => {
    await Promise.allSettled([server?.stop(), proxy?.stop()]);
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  /** A GET from the visitor's address, on one kept-alive connection to nginx. */
  const agent = new Agent({ keepAlive: true, maxSockets: 1 });
  const fetchAs = (url: string, headers: Record<string, string> = {}) =>
    new Promise<{ status: number; cache: string | undefined }>((resolve, reject) => {
      get(url, { agent, localAddress: VISITOR, headers }, (res) => {
        res.resume();
        res.on('end', () =>
          resolve({ status: res.statusCode!, cache: res.headers['x-cache'] as string | undefined }),
        );
      }).on('error', reject);
    });

  it('name the visitor’s address, as req.ip does, for cached pages and the rest alike', async () => {
    const asked = ['/', '/', '/', '/api/news', '/api/news', '/contact', '/no-such-page'];
    const answers = [];
    for (const url of asked) answers.push(await fetchAs(proxy.url + url));
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200, 200, 200, 404]);
    expect(answers.some((a) => a.cache === 'HIT')).toBe(true);

    // The server writes its log at least once a second.
    const lines = async () => {
      for (let i = 0; i < 40; i++) {
        const found = server
          .output()
          .split('\n')
          .filter((line) => line.includes('"request completed"'))
          .map(
            (line) =>
              JSON.parse(line) as { req: { url: string; remoteAddress: string }; cache?: string },
          )
          .filter((line) => line.req.url !== '/healthz');
        if (found.length >= asked.length) return found;
        await new Promise((r) => setTimeout(r, 100));
      }
      throw new Error(`too few request lines:\n${server.output()}`);
    };
    const logged = await lines();
    expect(logged.map((l) => l.req.url)).toEqual(asked);
    expect(logged.some((l) => l.cache === 'hit')).toBe(true);
    expect(logged.some((l) => l.cache === undefined)).toBe(true);
    for (const line of logged) expect(line.req.remoteAddress, line.req.url).toBe(VISITOR);
  });

  it('leave nginx’s own access log without a search or a share link’s token', async () => {
    // What the app's log masks (loggedUrl), nginx's must not keep either: the guide gives
    // it a format of its own instead of Debian's access.log.
    const search = 'maria.silva%40example.org';
    const token = 'Zq7xW2pL9vKd4RmT8sYb1NcE';
    const asked = [
      `/api/contacts?q=${search}&page=2`,
      `/preview/${token}`,
      `/PREVIEW/${token}`,
      `/de/preview/${token}`,
      `/api/previews/${token}`,
      `/login?next=%2Fadmin%2Fcontacts%3Fq%3D${search}`,
    ];
    // The browser names the page a request came from: a search, or a share link.
    const referers = [`${proxy.url}/admin/contacts?q=${search}`, `${proxy.url}/preview/${token}`];
    for (const [i, url] of asked.entries()) {
      await fetchAs(proxy.url + url, { referer: referers[i % 2]! });
    }
    // The last line: nginx writes its log in order, buffered, within a second.
    await fetchAs(`${proxy.url}/last-of-these`);
    for (let i = 0; i < 50 && !proxy.accessLog().includes('/last-of-these'); i++) {
      await new Promise((r) => setTimeout(r, 100));
    }
    const log = proxy.accessLog();
    expect(log).toContain('/last-of-these');
    for (const secret of [search, decodeURIComponent(search), 'maria.silva', token]) {
      expect(log).not.toContain(secret);
    }
    expect(log).toContain('/api/contacts ');
    expect(log).toContain('/preview/[token]');
    expect(log).toContain('/api/previews/[token]');
  });
});
