import { createServer, type Server } from 'node:http';
import { connect } from 'node:net';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../tests/support/test-app';
import { isMalformedHost } from './host';
import { attachSocketLane } from './socket-lane';

const MALFORMED = ['a b', '%', 'user@x', 'x:99999', 'a/b', '[::1'];

describe('isMalformedHost', () => {
  it.each(MALFORMED)('refuses %j', (host) => expect(isMalformedHost(host)).toBe(true));
  it.each(['www.example.com', 'localhost:3000', '127.0.0.1:8080', '[::1]:3000', 'my_host', ''])(
    'accepts %j',
    (host) => expect(isMalformedHost(host)).toBe(false),
  );
  it('leaves a missing Host to Node', () => expect(isMalformedHost(undefined)).toBe(false));
});

/** Status and X-Cache of one request written byte for byte on a new connection. */
function raw(port: number, path: string, host: string) {
  return new Promise<{ status: number; cache: string | undefined }>((resolve, reject) => {
    const socket = connect(port, '127.0.0.1', () =>
      socket.write(`GET ${path} HTTP/1.1\r\nHost: ${host}\r\nConnection: keep-alive\r\n\r\n`),
    );
    let text = '';
    socket.on('data', (chunk: Buffer) => {
      text += chunk.toString('latin1');
      if (!text.includes('\r\n\r\n')) return;
      socket.destroy();
      resolve({
        status: Number(text.split(' ')[1]),
        cache: /\r\nX-Cache: (\w+)/i.exec(text)?.[1],
      });
    });
    socket.on('error', reject);
  });
}

/** The lines logged at error level or above (pino's 50). */
const errors = async (t: TestApp) => (await t.logLines()).filter((l) => Number(l.level) >= 50);

describe.each<{ name: string; env: Record<string, string> }>([
  { name: 'the address asked for', env: {} },
  { name: 'PUBLIC_URL', env: { PUBLIC_URL: 'https://www.example.com' } },
])('a malformed Host, pages keyed by $name', ({ env }) => {
  let t: TestApp;
  let server: Server;
  let port: number;

  beforeAll(async () => {
    t = await createTestApp({ SEED_DEMO: 'true', LOG_LEVEL: 'info', ...env });
    server = createServer(t.app);
    attachSocketLane(server, { answer: t.app.answerOnSocket, stopping: () => false });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.address() as { port: number }).port;
    // The home page kept by the page cache, so the socket lane could answer it.
    for (let i = 0; i < 100 && (await raw(port, '/', 'site.test')).cache !== 'HIT'; i++) {
      await new Promise((r) => setTimeout(r, 20));
    }
    expect((await raw(port, '/', 'site.test')).cache).toBe('HIT');
  });

  afterAll(async () => {
    await new Promise((resolve) => server.close(resolve));
    await t.destroy();
  });

  it.each(MALFORMED)(
    'answers 400 to %j on every path, cached pages too, and logs no error',
    async (host) => {
      for (const path of ['/', '/news', '/pt/contact', '/no-such-page', '/api/news', '/healthz']) {
        expect([path, (await raw(port, path, host)).status]).toEqual([path, 400]);
      }
      expect(await errors(t)).toEqual([]);
    },
  );

  it('says what is wrong, in JSON under /api and as text elsewhere', async () => {
    const api = await request(t.app).get('/api/news').set('Host', 'user@x').expect(400);
    expect(api.body.error).toBe('The Host header of the request is not a valid host name.');
    const page = await request(t.app)
      .get('/')
      .set('Host', 'a b')
      .set('Cookie', 'language=de')
      .expect(400);
    expect(page.text).toBe('Der Host-Header der Anfrage ist kein gültiger Hostname.');
  });
});
