import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findNginx, startDocumentedProxy } from '../../tests/support/nginx-proxy';
import { freePort } from '../../tests/support/postgres';
import { createTestApp, type TestApp } from '../../tests/support/test-app';
import { PROJECT_ROOT } from '../project-root';
import { attachSocketLane } from './socket-lane';

const nginx = findNginx();

describe.skipIf(!nginx)('the socket lane behind the nginx of docs/deploy.md', () => {
  let t: TestApp;
  let server: Server;
  let proxy: Awaited<ReturnType<typeof startDocumentedProxy>>;
  let dir: string;

  beforeAll(async () => {
    t = await createTestApp({ SEED_DEMO: 'true', RATE_LIMIT_CONTACT: '0' });
    // Marks what Node's path answers, as it writes the head; the lane's answers carry no mark.
    server = createServer((req, res) => {
      const writeHead = res.writeHead.bind(res) as (...args: unknown[]) => typeof res;
      res.writeHead = ((...args: unknown[]) => {
        res.setHeader('X-Answered-By', 'node');
        return writeHead(...args);
      }) as typeof res.writeHead;
      t.app(req, res);
    });
    attachSocketLane(server, { answer: t.app.answerOnSocket, stopping: () => false });
    const port = await freePort();
    await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
    dir = mkdtempSync(path.join(tmpdir(), 'nginx-lane-'));
    proxy = await startDocumentedProxy(nginx!, {
      dir,
      upstreamPort: port,
      listenPort: await freePort(),
      installRoot: PROJECT_ROOT,
    });
  }, 60_000);

  afterAll(async () => {
    await proxy?.stop();
    server?.closeAllConnections();
    await new Promise((resolve) => server?.close(resolve));
    await t?.destroy();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  const ask = async (url: string, init: RequestInit = {}) => {
    const res = await fetch(proxy.url + url, init);
    await res.arrayBuffer();
    return {
      status: res.status,
      cache: res.headers.get('x-cache'),
      by: res.headers.get('x-answered-by'),
    };
  };

  it('answers cached pages on nginx’s pooled connections, between the requests it lends Node', async () => {
    // Kept by the cache first (rendered by Node, compressed off the request path).
    for (let i = 0; i < 100 && (await ask('/news')).cache !== 'HIT'; i++) {
      await new Promise((r) => setTimeout(r, 20));
    }
    const seen: string[] = [];
    for (let round = 0; round < 5; round++) {
      // Node answers a form post (its body comes in the same chunk)...
      const posted = await ask('/api/contacts', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: '{}',
      });
      expect(posted.status).toBe(400);
      expect(posted.by).toBe('node');
      // ...and the cached pages after it, on whichever connection nginx takes from its pool
      // (that one among them), are the lane's.
      for (const _ of [1, 2, 3]) {
        const page = await ask('/news');
        expect(page.cache).toBe('HIT');
        seen.push(page.by ?? 'lane');
      }
    }
    expect(seen).toEqual(Array(15).fill('lane'));
  });
});
