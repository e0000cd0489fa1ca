import { readdirSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { connect, type Socket } from 'node:net';
import path from 'node:path';
import { Duplex } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import request from 'supertest';
import { createTestApp, TEST_ADMIN, type TestApp } from '../../tests/support/test-app';
import { DIST_CLIENT } from '../site/paths';
import { attachSocketLane } from './socket-lane';

/** One answer read off a raw connection. */
type Answer = { head: string; status: number; headers: Map<string, string>; body: Buffer };

/**
 * A raw HTTP/1.1 connection: writes exactly the bytes given and reads
 * answers off the socket, so a test sees what went over the wire.
 */
class Wire {
  private buffered = Buffer.alloc(0);
  private waiting: (() => void) | undefined;
  closed = false;

  constructor(readonly socket: Socket) {
    socket.on('data', (chunk: Buffer) => {
      this.buffered = Buffer.concat([this.buffered, chunk]);
      this.waiting?.();
    });
    socket.on('close', () => {
      this.closed = true;
      this.waiting?.();
    });
  }

  static open(port: number): Promise<Wire> {
    return new Promise((resolve, reject) => {
      const socket = connect(port, '127.0.0.1', () => resolve(new Wire(socket)));
      socket.once('error', reject);
    });
  }

  send(text: string): void {
    this.socket.write(Buffer.from(text, 'latin1'));
  }

  /** The next answer; `bodiless` for HEAD, whose Content-Length names a body not sent. */
  async answer(bodiless = false): Promise<Answer> {
    for (;;) {
      const end = this.buffered.indexOf('\r\n\r\n');
      if (end !== -1) {
        const head = this.buffered.toString('latin1', 0, end);
        const [statusLine, ...lines] = head.split('\r\n');
        const headers = new Map(
          lines.map((line) => {
            const colon = line.indexOf(':');
            return [line.slice(0, colon).toLowerCase(), line.slice(colon + 1).trim()];
          }),
        );
        const status = Number(statusLine!.split(' ')[1]);
        const length = bodiless || status === 304 ? 0 : Number(headers.get('content-length') ?? 0);
        if (this.buffered.length >= end + 4 + length) {
          const body = this.buffered.subarray(end + 4, end + 4 + length);
          this.buffered = this.buffered.subarray(end + 4 + length);
          return { head, status, headers, body };
        }
      }
      if (this.closed) throw new Error('connection closed before a whole answer');
      await new Promise<void>((resolve) => (this.waiting = resolve));
    }
  }

  /** Resolves once the server has closed the connection. */
  async closedByServer(): Promise<void> {
    while (!this.closed) await new Promise<void>((resolve) => (this.waiting = resolve));
  }

  /** What arrived and was not read as an answer yet. */
  unread(): string {
    return this.buffered.toString('latin1');
  }

  close(): void {
    this.socket.destroy();
  }
}

const get = (path: string, headers = '') =>
  `GET ${path} HTTP/1.1\r\nHost: site.test\r\n${headers}\r\n`;
/** A header the lane never reads Node-style (non-ASCII), so Node's parser answers this one. */
const VIA_NODE = 'X-Visitor-Note: caf\xe9\r\n';
/** The head without its Date line (it differs from second to second) and the test's mark of Node. */
const withoutDate = (head: string) =>
  head.replace(/\r\nDate: [^\r]+/, '').replace(/\r\nX-Answered-By: node/, '');
/** True when Node's request handler answered (the test's server marks its answers). */
const byNode = (answer: Answer) => answer.headers.get('x-answered-by') === 'node';

let t: TestApp;
let server: Server;
let port: number;
let stopping = false;
const wires: Wire[] = [];

async function open(): Promise<Wire> {
  const wire = await Wire.open(port);
  wires.push(wire);
  return wire;
}

/** Asks Node for `path` until the page cache has kept it (it compresses off the request path). */
async function cached(path: string, headers = ''): Promise<void> {
  const wire = await open();
  for (let i = 0; i < 100; i += 1) {
    wire.send(get(path, headers + VIA_NODE));
    const answer = await wire.answer();
    if (answer.headers.get('x-cache') === 'HIT') return wire.close();
    await new Promise((r) => setTimeout(r, 20));
  }
  throw new Error(`${path} was never kept`);
}

beforeAll(async () => {
  t = await createTestApp({ SEED_DEMO: 'true' });
  // Marks what Node's path answers, as it writes the head (after the page cache has kept its headers).
  server = createServer((req, res) => {
    const writeHead = res.writeHead.bind(res) as (...args: unknown[]) => typeof res;
    res.writeHead = ((...args: unknown[]) => {
      res.setHeader('X-Answered-By', 'node');
      return writeHead(...args);
    }) as typeof res.writeHead;
    t.app(req, res);
  });
  attachSocketLane(server, { answer: t.app.answerOnSocket, stopping: () => stopping });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as { port: number }).port;
});

afterAll(async () => {
  for (const wire of wires) wire.close();
  await new Promise((resolve) => server.close(resolve));
  await t.destroy();
});

describe('the socket lane', () => {
  it('sends a cached page with exactly the bytes Node sends for it, in every encoding', async () => {
    await cached('/');
    const viaNode = await open();
    for (const encoding of ['br', 'gzip', '']) {
      const accept = encoding ? `Accept-Encoding: ${encoding}\r\n` : '';
      const wire = await open();
      wire.send(get('/', accept));
      const lane = await wire.answer();
      viaNode.send(get('/', accept + VIA_NODE));
      const node = await viaNode.answer();
      expect(lane.status).toBe(200);
      expect(lane.headers.get('x-cache')).toBe('HIT');
      expect([byNode(lane), byNode(node)]).toEqual([false, true]);
      expect(lane.headers.get('content-encoding')).toBe(encoding || undefined);
      expect(lane.headers.get('date')).toMatch(/^\w{3}, \d\d \w{3} \d{4} \d\d:\d\d:\d\d GMT$/);
      expect(withoutDate(lane.head)).toBe(withoutDate(node.head));
      expect(lane.body.equals(node.body)).toBe(true);
    }
  });

  it('answers If-None-Match with 304, HEAD with the head alone, and a 404 it kept', async () => {
    await cached('/news');
    await cached('/no-such-page');
    const wire = await open();
    wire.send(get('/news'));
    const page = await wire.answer();
    const etag = page.headers.get('etag')!;
    const ifNoneMatch = `If-None-Match: ${etag}\r\n`;
    wire.send(get('/news', ifNoneMatch));
    const lane304 = await wire.answer();
    expect(lane304.status).toBe(304);
    expect(lane304.body.length).toBe(0);
    wire.send(`HEAD /news HTTP/1.1\r\nHost: site.test\r\n\r\n`);
    const head = await wire.answer(true);
    expect(head.status).toBe(200);
    expect(head.headers.get('content-length')).toBe(page.headers.get('content-length'));
    wire.send(get('/no-such-page'));
    const missing = await wire.answer();
    expect(missing.status).toBe(404);
    expect(missing.headers.get('x-cache')).toBe('HIT');
    expect([page, lane304, head, missing].some(byNode)).toBe(false);
    // The same three through Node's parser: the same heads.
    wire.send(get('/news', ifNoneMatch + VIA_NODE));
    expect(withoutDate((await wire.answer()).head)).toBe(withoutDate(lane304.head));
    wire.send(`HEAD /news HTTP/1.1\r\nHost: site.test\r\n${VIA_NODE}\r\n`);
    expect(withoutDate((await wire.answer(true)).head)).toBe(withoutDate(head.head));
    wire.send(get('/no-such-page', VIA_NODE));
    expect(withoutDate((await wire.answer()).head)).toBe(withoutDate(missing.head));
  });

  it("sets the language cookie of a language address, as Node's path does", async () => {
    await cached('/pt/news');
    const wire = await open();
    wire.send(get('/pt/news'));
    const lane = await wire.answer();
    expect(byNode(lane)).toBe(false);
    expect(lane.headers.get('set-cookie')).toMatch(/^language=pt; /);
    wire.send(get('/pt/news', VIA_NODE));
    expect(withoutDate(lane.head)).toBe(withoutDate((await wire.answer()).head));
    wire.send(get('/pt/news', 'Cookie: language=pt\r\n'));
    expect((await wire.answer()).headers.has('set-cookie')).toBe(false);
  });

  it('lends Node a whole request it cannot answer, then reads the next one itself', async () => {
    await cached('/');
    const wire = await open();
    wire.send(get('/'));
    const first = await wire.answer();
    expect(first.headers.get('x-cache')).toBe('HIT');
    expect(byNode(first)).toBe(false);
    wire.send(get('/healthz'));
    const health = await wire.answer();
    expect(health.status).toBe(200);
    expect(byNode(health)).toBe(true);
    expect(JSON.parse(health.body.toString())).toMatchObject({ status: 'ok' });
    // The connection is the lane's again: the next cached page goes out on the socket.
    wire.send(get('/'));
    const after = await wire.answer();
    expect(after.headers.get('x-cache')).toBe('HIT');
    expect(byNode(after)).toBe(false);
    // A POST with its body in the same chunk too (as a front proxy sends it).
    wire.send(
      'POST /api/contacts HTTP/1.1\r\nHost: site.test\r\nContent-Type: application/json\r\n' +
        'Content-Length: 2\r\n\r\n{}',
    );
    const posted = await wire.answer();
    expect(posted.status).toBe(400);
    expect(byNode(posted)).toBe(true);
    wire.send(get('/'));
    expect(byNode(await wire.answer())).toBe(false);
  });

  it('answers a part of a built file (a video seeking) through Node, with 206', async () => {
    const video = readdirSync(path.join(DIST_CLIENT, 'assets')).find((f) => f.endsWith('.mp4'))!;
    const wire = await open();
    wire.send(get(`/assets/${video}`, 'Range: bytes=0-99\r\n'));
    const part = await wire.answer();
    expect(part.status).toBe(206);
    expect(part.headers.get('content-range')).toMatch(/^bytes 0-99\//);
    expect(part.body).toHaveLength(100);
    wire.send(get(`/assets/${video}`));
    const whole = await wire.answer();
    expect(whole.status).toBe(200);
    expect(byNode(whole)).toBe(false);
  });

  it('hands a connection to Node for good at a request only Node may read', async () => {
    await cached('/');
    for (const [what, request, rest] of [
      ['a header the lane does not read', get('/', VIA_NODE), ''],
      [
        'a body that comes later',
        'POST /api/contacts HTTP/1.1\r\nHost: site.test\r\nContent-Type: application/json\r\n' +
          'Content-Length: 2\r\n\r\n',
        '{}',
      ],
    ] as const) {
      const wire = await open();
      wire.send(request);
      if (rest) {
        await new Promise((r) => setTimeout(r, 50));
        wire.send(rest);
      }
      expect(byNode(await wire.answer()), what).toBe(true);
      wire.send(get('/'));
      const after = await wire.answer();
      expect(after.headers.get('x-cache'), what).toBe('HIT');
      expect(byNode(after), what).toBe(true);
    }
  });

  it('answers pipelined requests, and a request sent in pieces, in order', async () => {
    await cached('/');
    await cached('/news');
    const pipelined = await open();
    pipelined.send(get('/news') + get('/') + get('/healthz'));
    const answers = [await pipelined.answer(), await pipelined.answer(), await pipelined.answer()];
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200]);
    expect(answers[0]!.body.toString()).toContain('<html');
    expect(answers[2]!.headers.get('content-type')).toMatch(/^application\/json/);
    const pieces = await open();
    pieces.send('GET /news HTTP/1.1\r\nHo');
    await new Promise((r) => setTimeout(r, 50));
    pieces.send('st: site.test\r\n\r\n');
    expect((await pieces.answer()).status).toBe(200);
  });

  it("leaves malformed requests to Node's parser, which refuses them", async () => {
    const wire = await open();
    wire.send('GET / HTTP/1.1\r\nHost : site.test\r\n\r\n');
    expect((await wire.answer()).status).toBe(400);
    const smuggled = await open();
    smuggled.send(
      'GET / HTTP/1.1\r\nHost: site.test\r\nContent-Length: 5\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n',
    );
    expect((await smuggled.answer()).status).toBe(400);
  });

  it('never answers a signed-in visitor from the cache', async () => {
    await cached('/');
    const login = await request(t.app).post('/api/auth/login').send(TEST_ADMIN).expect(200);
    const cookie = String(login.headers['set-cookie']?.[0] ?? '').split(';')[0]!;
    expect(cookie).toMatch(/=/);
    const wire = await open();
    wire.send(get('/', `Cookie: ${cookie}\r\n`));
    const answer = await wire.answer();
    expect(answer.status).toBe(200);
    expect(answer.headers.get('x-cache')).toBeUndefined();
    expect(byNode(answer)).toBe(true);
  });

  it('shows a content write at once: the next request is rendered afresh', async () => {
    await cached('/news');
    const wire = await open();
    wire.send(get('/news'));
    expect((await wire.answer()).headers.get('x-cache')).toBe('HIT');
    await t.contentVersion.changed('test');
    const fresh = await open();
    fresh.send(get('/news'));
    const answer = await fresh.answer();
    expect(answer.status).toBe(200);
    expect(answer.headers.get('x-cache')).toBeUndefined();
  });

  it('hands every request to Node while the server stops', async () => {
    await cached('/');
    const wire = await open();
    stopping = true;
    try {
      wire.send(get('/'));
      const answer = await wire.answer();
      // Node's path, from the cache: the serve wrapper in server/index.ts adds Connection: close there.
      expect(answer.headers.get('x-cache')).toBe('HIT');
      expect(byNode(answer)).toBe(true);
    } finally {
      stopping = false;
    }
  });

  it('writes one request line per hit, as the request logger would', async () => {
    const logged = await createTestApp({ LOG_LEVEL: 'info' });
    const own = createServer(logged.app);
    attachSocketLane(own, { answer: logged.app.answerOnSocket, stopping: () => false });
    await new Promise<void>((resolve) => own.listen(0, '127.0.0.1', resolve));
    const ownPort = (own.address() as { port: number }).port;
    try {
      const wire = await Wire.open(ownPort);
      wires.push(wire);
      wire.send(get('/contact', VIA_NODE));
      await wire.answer();
      let hit: Answer | undefined;
      for (let i = 0; i < 100 && hit?.headers.get('x-cache') !== 'HIT'; i += 1) {
        await new Promise((r) => setTimeout(r, 20));
        const lane = await Wire.open(ownPort);
        wires.push(lane);
        lane.send(get('/contact', 'User-Agent: lane-test\r\n'));
        hit = await lane.answer();
      }
      expect(hit?.headers.get('x-cache')).toBe('HIT');
      const line = (await logged.logLines()).find((l) => l.cache === 'hit');
      expect(line).toMatchObject({
        msg: 'request completed',
        req: { method: 'GET', url: '/contact', remoteAddress: '127.0.0.1', userAgent: 'lane-test' },
        res: { statusCode: 200 },
      });
    } finally {
      await new Promise((resolve) => {
        own.close(resolve);
        own.closeAllConnections();
        for (const wire of wires) wire.close();
      });
      await logged.destroy();
    }
  });
});

describe('the socket lane keeps connections as Node would', () => {
  let own: Server;
  let ownPort: number;
  beforeAll(async () => {
    own = createServer(t.app);
    own.keepAliveTimeout = 300;
    own.headersTimeout = 400;
    attachSocketLane(own, { answer: t.app.answerOnSocket, stopping: () => false });
    await new Promise<void>((resolve) => own.listen(0, '127.0.0.1', resolve));
    ownPort = (own.address() as { port: number }).port;
  });
  afterAll(async () => {
    await new Promise((resolve) => {
      own.close(resolve);
      own.closeAllConnections();
    });
  });

  it('closes an idle connection after keepAliveTimeout, and a silent one after headersTimeout', async () => {
    await cached('/');
    const idle = await Wire.open(ownPort);
    idle.send(get('/'));
    expect((await idle.answer()).headers.get('x-cache')).toBe('HIT');
    expect(idle.closed).toBe(false);
    const since = Date.now();
    await idle.closedByServer();
    expect(Date.now() - since).toBeGreaterThanOrEqual(250);
    const silent = await Wire.open(ownPort);
    const opened = Date.now();
    await silent.closedByServer();
    expect(Date.now() - opened).toBeGreaterThanOrEqual(350);
    // Node's answer to a connection that asked nothing in time.
    expect(silent.unread()).toBe('HTTP/1.1 408 Request Timeout\r\nConnection: close\r\n\r\n');
  });

  it('lets Node take its time over a request it reads for good, as Node alone does', async () => {
    // Node sets no idle limit on a connection while it answers (server.timeout
    // is 0): an upload being resized or a draft from a language model may be
    // silent for longer than headersTimeout, and must still get its answer.
    const slow = createServer((req, res) => {
      req.resume();
      req.on('end', () => setTimeout(() => res.end('done'), 1_000));
    });
    slow.keepAliveTimeout = 300;
    slow.headersTimeout = 400;
    attachSocketLane(slow, { answer: () => false, stopping: () => false });
    await new Promise<void>((resolve) => slow.listen(0, '127.0.0.1', resolve));
    try {
      const wire = await Wire.open((slow.address() as { port: number }).port);
      // Sent in two pieces: the lane hands the connection to Node for good.
      wire.send('POST /upload HTTP/1.1\r\nHost: site.test\r\nContent-Length: 4\r\n\r\nab');
      await new Promise((r) => setTimeout(r, 50));
      wire.send('cd');
      const answer = await wire.answer();
      expect(answer.status).toBe(200);
      expect(answer.body.toString()).toBe('done');
      wire.close();
    } finally {
      await new Promise((resolve) => {
        slow.close(resolve);
        slow.closeAllConnections();
      });
    }
  });

  it('never closes a connection for idleness while an answer is still being written', async () => {
    await cached('/');
    let release: (() => void) | undefined;
    const client = new Duplex({
      read() {},
      write(_chunk, _encoding, done) {
        release = done;
      },
    });
    Object.assign(client, { setTimeout: () => client, remoteAddress: '127.0.0.1' });
    own.emit('connection', client);
    client.push(Buffer.from(get('/'), 'latin1'));
    await new Promise((r) => setTimeout(r, 20));
    expect(client.writableLength).toBeGreaterThan(0);
    // The keep-alive timer fires while the client is slow to take the page: it is not cut.
    client.emit('timeout');
    expect(client.destroyed).toBe(false);
    // Once all is written, the same timer closes the idle connection.
    while (client.writableLength > 0) {
      release?.();
      await new Promise((r) => setTimeout(r, 5));
    }
    client.emit('timeout');
    expect(client.destroyed).toBe(true);
  });

  it('stops reading from a client that asks without reading the answers, until it reads', async () => {
    await cached('/');
    // A client whose side takes nothing: every write waits until the test lets it through.
    const stalled: (() => void)[] = [];
    let writes = 0;
    const client = new Duplex({
      read() {},
      write(_chunk, _encoding, done) {
        writes += 1;
        stalled.push(done);
      },
      writableHighWaterMark: 16 * 1024,
    });
    Object.assign(client, { setTimeout: () => client, remoteAddress: '127.0.0.1' });
    own.emit('connection', client);
    const ask = () => client.push(Buffer.from(get('/'), 'latin1'));
    const settle = () => new Promise((r) => setTimeout(r, 20));
    ask();
    await settle();
    // The first answer (a page of 30 kB, plain) fills the buffer: the lane stops reading.
    expect(client.isPaused()).toBe(true);
    const queued = client.writableLength;
    expect(queued).toBeGreaterThan(16 * 1024);
    for (let i = 0; i < 5; i += 1) ask();
    await settle();
    // Nothing more is answered while the client reads nothing.
    expect(client.writableLength).toBe(queued);
    expect(client.readableLength).toBeGreaterThan(0);
    // The client reads: the lane answers the five it asked meanwhile.
    for (let i = 0; i < 100 && (stalled.length > 0 || client.readableLength > 0); i += 1) {
      stalled.splice(0).forEach((done) => done());
      await settle();
    }
    expect(client.readableLength).toBe(0);
    expect(writes).toBeGreaterThanOrEqual(6 * 3);
    client.destroy();
  });

  /** A client on a Duplex, once the lane reads it (it does from the next tick): counts the writes that reach it. */
  async function fakeClient(): Promise<{ client: Duplex; ask: () => void; writes: () => number }> {
    let writes = 0;
    const client = new Duplex({
      read() {},
      write(_chunk, _encoding, done) {
        writes += 1;
        done();
      },
    });
    Object.assign(client, { setTimeout: () => client, remoteAddress: '127.0.0.1' });
    own.emit('connection', client);
    await new Promise((r) => process.nextTick(r));
    return {
      client,
      /** Sends a request for the cached home page, read by the lane at once. */
      ask: () => client.push(Buffer.from(get('/'), 'latin1')),
      writes: () => writes,
    };
  }
  const afterThisTurn = () => new Promise((r) => setImmediate(r));

  it('reads every request of a turn of the event loop before it writes any answer', async () => {
    await cached('/');
    const first = await fakeClient();
    const second = await fakeClient();
    // Both requests are read and answered now (a pushed chunk is read at once)...
    first.ask();
    second.ask();
    // ...and their answers wait, whole, for the end of the turn.
    expect([first.writes(), second.writes()]).toEqual([0, 0]);
    expect(first.client.writableCorked).toBe(1);
    expect(second.client.writableLength).toBeGreaterThan(0);
    await afterThisTurn();
    // Head, delivery headers and body: each client got its answer, and nothing is held back.
    expect([first.writes(), second.writes()]).toEqual([3, 3]);
    expect([first.client.writableCorked, second.client.writableCorked]).toEqual([0, 0]);
    first.client.destroy();
    second.client.destroy();
  });

  it('answers the others of a turn when one connection is gone before the answers go out', async () => {
    await cached('/');
    const gone = await fakeClient();
    const staying = await fakeClient();
    gone.ask();
    staying.ask();
    gone.client.destroy();
    await afterThisTurn();
    expect(gone.writes()).toBe(0);
    expect(staying.writes()).toBe(3);
    staying.client.destroy();
  });

  it('ends its side when the client ends its own', async () => {
    const wire = await Wire.open(ownPort);
    wire.send(get('/'));
    await wire.answer();
    wire.socket.end();
    await wire.closedByServer();
  });

  it('refuses to take a server that has other connection listeners', () => {
    const other = createServer();
    other.on('connection', () => undefined);
    expect(() => attachSocketLane(other, { answer: () => false, stopping: () => false })).toThrow(
      /socket lane/,
    );
  });
});
