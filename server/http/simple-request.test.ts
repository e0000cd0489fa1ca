import { createServer, maxHeaderSize, type Server } from 'node:http';
import { type AddressInfo, connect, Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isWholeRequest, READ_HEADERS, readSimpleRequest } from './simple-request';

const socket = new Socket();
const read = (text: string) => readSimpleRequest(Buffer.from(text, 'latin1'), socket);

const BROWSER =
  'GET /de/news?page=2 HTTP/1.1\r\n' +
  'Host: www.example.com\r\n' +
  'Connection: keep-alive\r\n' +
  'User-Agent: Mozilla/5.0 (X11; Linux x86_64) Chrome/131.0 Safari/537.36\r\n' +
  'Accept: text/html,application/xhtml+xml;q=0.9,*/*;q=0.8\r\n' +
  'Accept-Encoding: gzip, deflate, br, zstd\r\n' +
  'Accept-Language: de-DE,de;q=0.9\r\n' +
  'Cookie: language=de; _pk=1\r\n' +
  'If-None-Match: "abc"\r\n' +
  'Sec-Fetch-Mode: navigate\r\n' +
  '\r\n';

describe('readSimpleRequest', () => {
  it("reads a browser's page request: method, target as sent, and the headers a hit needs", () => {
    const req = read(BROWSER);
    expect(req).toEqual({
      method: 'GET',
      url: '/de/news?page=2',
      headers: {
        host: 'www.example.com',
        'user-agent': 'Mozilla/5.0 (X11; Linux x86_64) Chrome/131.0 Safari/537.36',
        'accept-encoding': 'gzip, deflate, br, zstd',
        cookie: 'language=de; _pk=1',
        'if-none-match': '"abc"',
      },
      socket,
    });
  });

  it('reads HEAD, any case of header names, and trims the whitespace around a value', () => {
    const req = read('HEAD / HTTP/1.1\r\nhOsT:\t example.com  \r\nX-Forwarded-Proto:https\r\n\r\n');
    expect(req).toMatchObject({
      method: 'HEAD',
      url: '/',
      headers: { host: 'example.com', 'x-forwarded-proto': 'https' },
    });
  });

  it.each([
    ['a POST', 'POST / HTTP/1.1\r\nHost: a\r\n\r\n'],
    ['another method', 'OPTIONS / HTTP/1.1\r\nHost: a\r\n\r\n'],
    ['a lower-case method', 'get / HTTP/1.1\r\nHost: a\r\n\r\n'],
    ['HTTP/1.0', 'GET / HTTP/1.0\r\nHost: a\r\n\r\n'],
    ['HTTP/2 text', 'GET / HTTP/2.0\r\nHost: a\r\n\r\n'],
    ['an absolute-form target', 'GET http://a/ HTTP/1.1\r\nHost: a\r\n\r\n'],
    ['an asterisk target', 'GET * HTTP/1.1\r\nHost: a\r\n\r\n'],
    ['a space in the target', 'GET /a b HTTP/1.1\r\nHost: a\r\n\r\n'],
    ['two spaces after the method', 'GET  / HTTP/1.1\r\nHost: a\r\n\r\n'],
    ['non-ASCII in the target', 'GET /caf\xe9 HTTP/1.1\r\nHost: a\r\n\r\n'],
    ['a target over 2 kB', `GET /${'a'.repeat(2048)} HTTP/1.1\r\nHost: a\r\n\r\n`],
    ['no Host', 'GET / HTTP/1.1\r\nAccept: */*\r\n\r\n'],
    ['two Hosts', 'GET / HTTP/1.1\r\nHost: a\r\nHost: b\r\n\r\n'],
    ['two Cookie lines', 'GET / HTTP/1.1\r\nHost: a\r\nCookie: x=1\r\nCookie: y=2\r\n\r\n'],
    ['a Content-Length', 'GET / HTTP/1.1\r\nHost: a\r\nContent-Length: 0\r\n\r\n'],
    ['a Transfer-Encoding', 'GET / HTTP/1.1\r\nHost: a\r\nTransfer-Encoding: chunked\r\n\r\n'],
    ['an Upgrade', 'GET / HTTP/1.1\r\nHost: a\r\nUpgrade: websocket\r\n\r\n'],
    ['an Expect', 'GET / HTTP/1.1\r\nHost: a\r\nExpect: 100-continue\r\n\r\n'],
    ['a Range (a video seeking)', 'GET /v.mp4 HTTP/1.1\r\nHost: a\r\nRange: bytes=0-99\r\n\r\n'],
    ['an If-Range', 'GET /v.mp4 HTTP/1.1\r\nHost: a\r\nIf-Range: "x"\r\n\r\n'],
    ['Connection: close', 'GET / HTTP/1.1\r\nHost: a\r\nConnection: close\r\n\r\n'],
    ['Connection: upgrade', 'GET / HTTP/1.1\r\nHost: a\r\nConnection: keep-alive, Upgrade\r\n\r\n'],
    ['whitespace before the colon', 'GET / HTTP/1.1\r\nHost : a\r\n\r\n'],
    ['an obs-fold continuation', 'GET / HTTP/1.1\r\nHost: a\r\nX-A: b\r\n c\r\n\r\n'],
    ['a bare LF ending a line', 'GET / HTTP/1.1\r\nHost: a\nX-A: b\r\n\r\n'],
    ['a bare CR in a value', 'GET / HTTP/1.1\r\nHost: a\rb\r\n\r\n'],
    ['a NUL in a value', 'GET / HTTP/1.1\r\nHost: a\x00\r\n\r\n'],
    ['non-ASCII in a value', 'GET / HTTP/1.1\r\nHost: a\r\nX-Name: Jos\xe9\r\n\r\n'],
    ['a header line without a colon', 'GET / HTTP/1.1\r\nHost: a\r\nnonsense\r\n\r\n'],
    ['a request cut short', 'GET / HTTP/1.1\r\nHost: a\r\n'],
    ['a body after the head', 'GET / HTTP/1.1\r\nHost: a\r\n\r\nx'],
    [
      'two pipelined requests',
      'GET / HTTP/1.1\r\nHost: a\r\n\r\nGET / HTTP/1.1\r\nHost: a\r\n\r\n',
    ],
    ['more than 64 headers', `GET / HTTP/1.1\r\nHost: a\r\n${'X-A: 1\r\n'.repeat(64)}\r\n`],
    [
      'a head over Node’s 16 kB',
      `GET / HTTP/1.1\r\nHost: a\r\nX-A: ${'a'.repeat(maxHeaderSize)}\r\n\r\n`,
    ],
    ['TLS instead of HTTP', '\x16\x03\x01\x02\x00\x01\x00\x01\xfc\x03\x03\r\n\r\n'],
  ])('leaves %s to Node', (_what, text) => {
    expect(read(text)).toBeNull();
  });
});

describe('readSimpleRequest on hostile input', () => {
  it('refuses a 16 kB line that fails at its end without backtracking over it', () => {
    // Whitespace that two parts of a pattern could share, then a byte that fails the line:
    // a pattern that backtracks took 150 ms on this line, a scan takes microseconds.
    const line = `X:${' '.repeat(16_300)}\x01`;
    const text = `GET / HTTP/1.1\r\nHost: a\r\n${line}\r\n\r\n`;
    const started = performance.now();
    expect(readSimpleRequest(Buffer.from(text, 'latin1'), socket, 32 * 1024)).toBeNull();
    expect(performance.now() - started).toBeLessThan(50);
  });
});

describe('readSimpleRequest agrees with Node’s parser', () => {
  /** Node's own reading of each request: what the lane reads, as JSON. */
  let server: Server;
  let port: number;
  beforeAll(async () => {
    server = createServer((req, res) => {
      const read = {
        method: req.method,
        url: req.url,
        headers: Object.fromEntries(
          Object.entries(req.headers).filter(([name]) =>
            (READ_HEADERS as readonly string[]).includes(name),
          ),
        ),
      };
      // In a header, so a HEAD request's answer carries it too.
      res.setHeader('X-Read', Buffer.from(JSON.stringify(read)).toString('base64'));
      res.end();
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.address() as AddressInfo).port;
  });
  afterAll(() => new Promise((resolve) => server.close(resolve)));

  /** Node's status and reading of `bytes` (as JSON), sent alone on a new connection. */
  function askNode(bytes: Buffer): Promise<{ status: number; body: string }> {
    return new Promise((resolve, reject) => {
      const socket = connect(port, '127.0.0.1', () => socket.write(bytes));
      let answer = '';
      const timer = setTimeout(() => {
        socket.destroy();
        reject(new Error(`Node did not answer ${JSON.stringify(bytes.toString('latin1'))}`));
      }, 2_000);
      socket.on('data', (chunk: Buffer) => {
        answer += chunk.toString('latin1');
        const end = answer.indexOf('\r\n\r\n');
        if (end === -1) return;
        clearTimeout(timer);
        socket.destroy();
        const read = /\r\nX-Read: (\S+)/i.exec(answer.slice(0, end))?.[1] ?? '';
        resolve({
          status: Number(answer.split(' ')[1]),
          body: Buffer.from(read, 'base64').toString(),
        });
      });
      socket.on('error', reject);
    });
  }

  it('reads every request it accepts, among 3,000 mutated ones, exactly as Node does', async () => {
    // A small deterministic generator, so a failure names a request that fails again.
    let seed = 20261124;
    const random = (n: number) => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return seed % n;
    };
    const PIECES = [
      ' ',
      '\t',
      '\r',
      '\n',
      '\r\n',
      ':',
      ',',
      ';',
      '"',
      '/',
      '?',
      '#',
      '%',
      'a',
      'A',
      'é',
      '\x00',
      '\x7f',
      '\x80',
      '\x0b',
    ];
    const bases = [
      BROWSER,
      'GET / HTTP/1.1\r\nHost: a\r\nAccept-Encoding: br, gzip\r\n\r\n',
      'HEAD /pt/news?page=2&x=1 HTTP/1.1\r\nhost: b\r\nCookie: language=pt\r\n\r\n',
    ];
    let accepted = 0;
    for (let i = 0; i < 3_000; i += 1) {
      let text = bases[random(bases.length)]!;
      const head = text.slice(0, -4);
      for (let edits = 1 + random(3); edits > 0; edits -= 1) {
        const at = random(head.length);
        const piece = PIECES[random(PIECES.length)]!;
        const kind = random(3);
        text =
          kind === 0
            ? text.slice(0, at) + piece + text.slice(at)
            : kind === 1
              ? text.slice(0, at) + piece + text.slice(at + 1)
              : text.slice(0, at) + text.slice(at + 1);
      }
      const bytes = Buffer.from(text, 'latin1');
      const lane = readSimpleRequest(bytes, socket);
      if (lane === null) continue;
      accepted += 1;
      const node = await askNode(bytes);
      expect({ request: text, status: node.status }).toEqual({ request: text, status: 200 });
      const { socket: _socket, ...read } = lane;
      expect({ request: text, read: JSON.parse(node.body) as unknown }).toEqual({
        request: text,
        read,
      });
    }
    // Enough of them were simple for the comparison to mean something.
    expect(accepted).toBeGreaterThan(300);
  }, 60_000);
});

describe('isWholeRequest agrees with Node’s parser', () => {
  /** Node's reading of each request: method, target and body length. */
  let server: Server;
  let port: number;
  beforeAll(async () => {
    server = createServer((req, res) => {
      let length = 0;
      req.on('data', (chunk: Buffer) => (length += chunk.length));
      req.on('end', () => {
        const read = JSON.stringify({ method: req.method, url: req.url, length });
        res.setHeader('X-Read', Buffer.from(read).toString('base64'));
        res.end();
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.address() as AddressInfo).port;
  });
  afterAll(() => new Promise((resolve) => server.close(resolve)));

  /** Node's answers to `bytes` and then to a second, plain request on the same connection. */
  function askNodeTwice(bytes: Buffer): Promise<{ status: number; read: string }[]> {
    return new Promise((resolve, reject) => {
      const socket = connect(port, '127.0.0.1', () => socket.write(bytes));
      let text = '';
      const answers: { status: number; read: string }[] = [];
      const timer = setTimeout(() => {
        socket.destroy();
        resolve(answers);
      }, 2_000);
      socket.on('data', (chunk: Buffer) => {
        text += chunk.toString('latin1');
        for (let end = text.indexOf('\r\n\r\n'); end !== -1; end = text.indexOf('\r\n\r\n')) {
          const head = text.slice(0, end);
          text = text.slice(end + 4);
          const read = /\r\nX-Read: (\S+)/i.exec(head)?.[1] ?? '';
          answers.push({
            status: Number(head.split(' ')[1]),
            read: Buffer.from(read, 'base64').toString(),
          });
          if (answers.length === 1) socket.write('GET /after HTTP/1.1\r\nHost: a\r\n\r\n');
          if (answers.length === 2) {
            clearTimeout(timer);
            socket.destroy();
            resolve(answers);
          }
        }
      });
      socket.on('error', reject);
    });
  }

  it('accepts only requests that Node reads as one, whole, ending where the chunk ends', async () => {
    expect(
      isWholeRequest(Buffer.from('POST /a HTTP/1.1\r\nHost: a\r\nContent-Length: 2\r\n\r\n{}')),
    ).toBe(true);
    for (const refused of [
      'POST /a HTTP/1.1\r\nHost: a\r\nContent-Length: 3\r\n\r\n{}',
      'POST /a HTTP/1.1\r\nHost: a\r\nContent-Length: 1\r\n\r\n{}',
      'POST /a HTTP/1.1\r\nHost: a\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n',
      'GET /a HTTP/1.1\r\nHost: a\r\n\r\nGET /b HTTP/1.1\r\nHost: a\r\n\r\n',
      'GET /a HTTP/1.1\r\nHost: a\r\nHost: b\r\n\r\n',
      'GET /a HTTP/1.1\r\nHost: a\r\nConnection: close\r\n\r\n',
      'GET /a HTTP/1.1\r\nHost: a\r\nUpgrade: websocket\r\n\r\n',
    ]) {
      expect(isWholeRequest(Buffer.from(refused, 'latin1')), refused).toBe(false);
    }
  });

  it('is right about every request it accepts, among 2,000 mutated ones', async () => {
    let seed = 20261127;
    const random = (n: number) => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return seed % n;
    };
    const PIECES = [' ', '\t', '\r', '\n', '\r\n', ':', '0', '1', '9', 'a', 'A', 'é', '\x00', '-'];
    const bases = [
      'POST /api/contacts HTTP/1.1\r\nHost: a\r\nContent-Type: application/json\r\nContent-Length: 11\r\n\r\n{"a":"bcd"}',
      'GET /healthz HTTP/1.1\r\nHost: a\r\nAccept: */*\r\n\r\n',
      'PUT /x HTTP/1.1\r\nhost: b\r\ncontent-length: 3\r\n\r\nabc',
    ];
    let accepted = 0;
    for (let i = 0; i < 2_000; i += 1) {
      let text = bases[random(bases.length)]!;
      for (let edits = 1 + random(3); edits > 0; edits -= 1) {
        const at = random(text.length);
        const piece = PIECES[random(PIECES.length)]!;
        const kind = random(3);
        text =
          kind === 0
            ? text.slice(0, at) + piece + text.slice(at)
            : kind === 1
              ? text.slice(0, at) + piece + text.slice(at + 1)
              : text.slice(0, at) + text.slice(at + 1);
      }
      const bytes = Buffer.from(text, 'latin1');
      if (!isWholeRequest(bytes)) continue;
      accepted += 1;
      const answers = await askNodeTwice(bytes);
      const body = bytes.length - bytes.indexOf('\r\n\r\n') - 4;
      expect({ request: text, first: answers[0]?.status }).toEqual({ request: text, first: 200 });
      expect({
        request: text,
        length: (JSON.parse(answers[0]!.read) as { length: number }).length,
      }).toEqual({ request: text, length: body });
      // Node's next request starts exactly where the chunk ended.
      expect({ request: text, next: answers[1]?.read }).toEqual({
        request: text,
        next: JSON.stringify({ method: 'GET', url: '/after', length: 0 }),
      });
    }
    // Enough of them were whole for the comparison to mean something.
    expect(accepted).toBeGreaterThan(150);
  }, 120_000);
});
