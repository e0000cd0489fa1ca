import { once } from 'node:events';
import { createServer, get as httpGet, type Server } from 'node:http';
import { connect, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../tests/support/test-app';
import { attachSocketLane } from '../../http/socket-lane';

/**
 * The miss gate on a real server whose port is reached directly (no nginx
 * buffering answers), as `npm start` serves: one connection that asks for
 * many uncached pages at once, pipelined, must not keep every other
 * visitor's uncached page waiting, whether it reads its answers or not.
 */
let t: TestApp;
let server: Server;
let port: number;
/** The server's side of each connection, to see when a client has stopped taking its answers. */
const accepted: Socket[] = [];
const opened: Socket[] = [];

beforeAll(async () => {
  t = await createTestApp({ SEED_DEMO: 'true' });
  server = createServer(t.app);
  attachSocketLane(server, { answer: t.app.answerOnSocket, stopping: () => false });
  server.on('connection', (socket: Socket) => accepted.push(socket));
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  port = (server.address() as { port: number }).port;
});

afterAll(async () => {
  for (const socket of [...opened, ...accepted]) socket.destroy();
  await new Promise((resolve) => server.close(resolve));
  await t.destroy();
});

const HOST = '127.0.0.1';
const MISSES = 200;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const get = (path: string) => `GET ${path} HTTP/1.1\r\nHost: ${HOST}\r\n\r\n`;

/** The status and X-Cache of `path` on a connection of its own, or status 0 when none came within `ms`. */
function ask(path: string, ms: number): Promise<{ status: number; cache?: string }> {
  return new Promise((resolve) => {
    const req = httpGet(
      { host: HOST, port, path, agent: false, headers: { Host: HOST } },
      (res) => {
        res.resume();
        res.once('end', () =>
          resolve({ status: res.statusCode ?? 0, cache: res.headers['x-cache'] as string }),
        );
      },
    );
    req.once('socket', (socket) => opened.push(socket));
    req.setTimeout(ms, () => {
      req.destroy();
      resolve({ status: 0 });
    });
    req.once('error', () => resolve({ status: 0 }));
  });
}

/** Asks until the answer comes from the cache (it is kept once compressed, off the request path). */
async function cached(path: string): Promise<void> {
  for (let i = 0; i < 100; i++) {
    if ((await ask(path, 5000)).cache === 'HIT') return;
    await sleep(20);
  }
  throw new Error(`${path} was never kept`);
}

/** A raw connection that reads answers off the wire and keeps their statuses, in order. */
function reader(): { socket: Socket; statuses: number[] } {
  const socket = connect(port, HOST);
  opened.push(socket);
  const statuses: number[] = [];
  let buffered = Buffer.alloc(0);
  socket.on('data', (chunk: Buffer) => {
    buffered = Buffer.concat([buffered, chunk]);
    for (;;) {
      const end = buffered.indexOf('\r\n\r\n');
      if (end === -1) return;
      const head = buffered.toString('latin1', 0, end);
      const length = Number(/\r\ncontent-length: *(\d+)/i.exec(head)?.[1] ?? 0);
      if (buffered.length < end + 4 + length) return;
      statuses.push(Number(head.split(' ')[1]));
      buffered = buffered.subarray(end + 4 + length);
    }
  });
  return { socket, statuses };
}

describe('the miss gate and one connection pipelining misses', () => {
  it('goes on rendering for others while that connection leaves its answers unread', async () => {
    await cached('/news');
    // A page seen once: a new query of it is a miss of an answer that will be kept, which
    // goes before any other waiting (so only the turn held by the stuck client could delay it).
    await cached('/victim-page');

    const stalled = connect(port, HOST);
    opened.push(stalled);
    // Never read: what the server sends piles up in the kernel's buffers until they are full.
    stalled.pause();
    await once(stalled, 'connect');
    // Cached pages first, enough to fill those buffers (a few MB on loopback) whatever
    // becomes of the misses behind them: each a distinct address that is never kept.
    const pages = Array.from({ length: 300 }, () => get('/news'));
    const misses = Array.from({ length: MISSES }, (_, i) => get(`/no-such-page-${i}`));
    stalled.write([...pages, ...misses].join(''));
    const serverSide = () => accepted.find((s) => s.remotePort === stalled.localPort);
    for (let i = 0; i < 200 && !(serverSide()?.writableLength ?? 0); i++) await sleep(50);
    // The server has more to send than the client lets through: it no longer can.
    expect(serverSide()!.writableLength).toBeGreaterThan(0);
    await sleep(300);

    const other = await ask('/victim-page?lang=de', 5000);
    // Gone, it frees whatever it held (the next test starts from a gate without it).
    stalled.destroy();
    expect(other.status).toBe(404);
  });

  it("keeps at most one of that connection's misses in the queue, before other visitors'", async () => {
    const pipelining = reader();
    await once(pipelining.socket, 'connect');
    const misses = Array.from({ length: MISSES }, (_, i) => get(`/missing-${i}`));
    pipelining.socket.write(misses.join(''));
    while (pipelining.statuses.length === 0) await sleep(10);

    // A miss of the same kind as the connection's, asked once the connection is answered.
    const other = await ask('/another-missing-page', 10_000);
    const answeredBefore = pipelining.statuses.length;
    expect(other.status).toBe(404);
    // It waited for the one of that connection's misses in the queue, not for all of them.
    expect(answeredBefore).toBeLessThan(MISSES / 2);

    // The connection still gets an answer to each: its page for a miss it was let wait
    // with, "busy, try again" (503) past the misses one connection may have waiting.
    for (let i = 0; i < 300 && pipelining.statuses.length < MISSES; i++) await sleep(50);
    expect(pipelining.statuses).toHaveLength(MISSES);
    expect(new Set(pipelining.statuses)).toEqual(new Set([404, 503]));
  }, 30_000);
});
