import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withCookieJar, type JarFetch } from '../../tests/support/desktop-cookie-jar';
import {
  deadServerUrl,
  DESKTOP_ADMIN,
  startRealServer,
} from '../../tests/support/desktop-real-server';
import { forwardApiRequest, forwardMediaRequest } from './api-forward';
import { readStats } from './enquiry-poller';

type Real = Awaited<ReturnType<typeof startRealServer>>;
/** The parts of API answers these tests look at. */
type ApiJson = {
  error: string;
  data: {
    ok: boolean;
    id: number;
    slug: string;
    published: boolean;
    total: number;
    unread: number;
    user: { username: string; is_admin: boolean };
  };
};

/** What the renderer sends: a relative `/api` call on the app scheme, with its own Origin. */
function rendererRequest(
  path: string,
  init: { method?: string; body?: unknown; cookie?: string } = {},
) {
  return new Request(`app://admin${path}`, {
    method: init.method ?? 'GET',
    headers: {
      'content-type': 'application/json',
      accept: 'application/json',
      origin: 'app://admin',
      referer: 'app://admin/admin',
      ...(init.cookie ? { cookie: init.cookie } : {}),
    },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
}

describe('forwarding /api to the real server', () => {
  let server: Real;
  let jar: JarFetch;
  const call = async (path: string, init?: Parameters<typeof rendererRequest>[1]) => {
    const response = await forwardApiRequest(rendererRequest(path, init), server.url, jar);
    return { response, body: (await response.json()) as ApiJson };
  };

  beforeAll(async () => {
    server = await startRealServer();
    jar = withCookieJar();
  });
  afterAll(() => server.stop());

  it('signs in, keeps the session cookie in the jar across calls, and signs out', async () => {
    expect((await call('/api/auth/profile')).response.status).toBe(401);

    const login = await call('/api/auth/login', { method: 'POST', body: DESKTOP_ADMIN });
    expect(login.response.status).toBe(200);
    expect(login.body.data.user).toMatchObject({
      username: DESKTOP_ADMIN.username,
      is_admin: true,
    });
    // The cookie lives in the session's jar, never in the renderer's response.
    expect(login.response.headers.get('set-cookie')).toBeNull();
    expect(jar.cookies(server.url).has('sid')).toBe(true);

    const profile = await call('/api/auth/profile');
    expect(profile.response.status).toBe(200);
    expect(profile.body.data.user.username).toBe(DESKTOP_ADMIN.username);

    const stats = await call('/api/contacts/stats');
    expect(stats.response.status).toBe(200);
    expect(stats.body.data).toMatchObject({ total: 0, unread: 0 });

    const logout = await call('/api/auth/logout', { method: 'POST' });
    expect(logout.response.status).toBe(200);
    expect(logout.body).toEqual({ data: { ok: true } });
    expect(jar.cookies(server.url).has('sid')).toBe(false);
    expect((await call('/api/auth/profile')).response.status).toBe(401);
  });

  it("passes the server's same-origin check for state-changing calls, which app:// alone would fail", async () => {
    await call('/api/auth/login', { method: 'POST', body: DESKTOP_ADMIN });
    const article = {
      title: 'Desktop forwarding works',
      excerpt: 'Written through the app scheme.',
      content: 'Body of the article.',
      category: 'Company',
      slug: 'desktop-forwarding-works',
      published: false,
    };
    const created = await call('/api/news', { method: 'POST', body: article });
    expect(created.response.status).toBe(201);
    expect(created.body.data).toMatchObject({ slug: article.slug, published: false });

    const direct = await jar(`${server.url}/api/news/${created.body.data.id}`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json', origin: 'app://admin' },
      body: JSON.stringify({ published: true }),
    });
    expect(direct.status).toBe(403);

    const toggled = await call(`/api/news/${created.body.data.id}`, {
      method: 'PUT',
      body: { published: true },
    });
    expect(toggled.response.status).toBe(200);
    expect(toggled.body.data.published).toBe(true);
  });

  it('passes the server error envelope through, translated in the renderer language', async () => {
    const fresh = withCookieJar();
    const request = rendererRequest('/api/auth/login', {
      method: 'POST',
      body: { username: DESKTOP_ADMIN.username, password: 'wrong-password-123' },
    });
    const response = await forwardApiRequest(request, server.url, fresh);
    expect(response.status).toBe(401);
    expect(((await response.json()) as { error: string }).error).toMatch(/\S/);
  });

  it('reads the count of enquiries awaiting a reply with the session cookie (the poller)', async () => {
    const fresh = withCookieJar();
    expect(await readStats(server.url, fresh)).toEqual({ status: 'signed-out' });
    await forwardApiRequest(
      rendererRequest('/api/auth/login', { method: 'POST', body: DESKTOP_ADMIN }),
      server.url,
      fresh,
    );
    const contact = {
      name: 'Ana Silva',
      email: 'ana@example.pt',
      message: 'We would like a robot cell quote.',
    };
    expect(
      (
        await forwardApiRequest(
          rendererRequest('/api/contacts', { method: 'POST', body: contact }),
          server.url,
          fresh,
        )
      ).status,
    ).toBe(201);
    expect(await readStats(server.url, fresh)).toMatchObject({ status: 'ok', waiting: 1 });
  });

  it('answers a clear 502 JSON error in the renderer language when the server is down', async () => {
    const down = await deadServerUrl();
    const response = await forwardApiRequest(
      rendererRequest('/api/news', { cookie: 'language=de' }),
      down,
      jar,
    );
    expect(response.status).toBe(502);
    expect(response.headers.get('content-type')).toContain('application/json');
    const body = (await response.json()) as { error: string };
    expect(body.error).toContain(new URL(down).host);
    expect(body.error).toMatch(/nicht erreichbar/);
    expect(await readStats(down, jar)).toEqual({ status: 'offline' });
  });
});

describe('forwarded headers', () => {
  let echo: Server;
  let seen: { url?: string; headers?: IncomingHttpHeaders; body?: string } = {};
  let url = '';

  beforeAll(async () => {
    echo = createServer((req, res) => {
      let body = '';
      req.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
      req.on('end', () => {
        seen = { url: req.url, headers: req.headers, body };
        res.writeHead(200, {
          'content-type': 'application/json',
          'content-encoding': 'gzip',
          'set-cookie': 'sid=abc; HttpOnly',
          connection: 'close',
          'x-request-id': 'r-1',
        });
        res.end(gzipSync(JSON.stringify({ data: { ok: true } })));
      });
    });
    await new Promise<void>((resolve) => echo.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(echo.address() as AddressInfo).port}/company`;
  });
  afterAll(() => new Promise<void>((resolve) => echo.close(() => resolve())));

  it('rewrites the URL, sets Origin to the server, forwards method and body, drops renderer cookies and referer', async () => {
    const request = rendererRequest('/api/news/7?x=1', {
      method: 'PUT',
      body: { a: 1 },
      cookie: 'language=pt; other=1',
    });
    const response = await forwardApiRequest(request, url, fetch);
    expect(seen.url).toBe('/company/api/news/7?x=1&lang=pt');
    expect(seen.headers?.origin).toBe(new URL(url).origin);
    expect(seen.headers?.cookie).toBeUndefined();
    expect(seen.headers?.referer).toBeUndefined();
    expect(seen.headers?.['content-type']).toBe('application/json');
    expect(JSON.parse(seen.body ?? '')).toEqual({ a: 1 });

    expect(await response.json()).toEqual({ data: { ok: true } });
    expect(response.headers.get('set-cookie')).toBeNull();
    expect(response.headers.get('content-encoding')).toBeNull();
    expect(response.headers.get('connection')).toBeNull();
    expect(response.headers.get('x-request-id')).toBe('r-1');
  });
});

describe('forwarding the files of uploads', () => {
  let upstream: Server;
  let url = '';
  let seen: { url?: string; headers?: IncomingHttpHeaders } = {};

  beforeAll(async () => {
    upstream = createServer((req, res) => {
      seen = { url: req.url, headers: req.headers };
      if (req.url?.includes('/slow-headers/')) return; // never answers
      res.writeHead(206, {
        'content-type': 'video/mp4',
        'content-range': 'bytes 0-5/100',
        'accept-ranges': 'bytes',
      });
      res.write('abc');
      // The rest of the part comes later, as a video streams while it plays.
      setTimeout(() => res.end('def'), 300);
    });
    await new Promise<void>((resolve) => upstream.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(upstream.address() as AddressInfo).port}/company`;
  });
  afterAll(() => {
    upstream.closeAllConnections();
    return new Promise<void>((resolve) => upstream.close(() => resolve()));
  });

  it('asks for the same address and range, without a language, and passes the 206 through', async () => {
    const request = new Request('app://admin/media/12/3f9a0c1d2e4b5a69-1280x720.mp4', {
      headers: { range: 'bytes=0-5', cookie: 'language=de' },
    });
    const response = await forwardMediaRequest(request, url, fetch, 100);
    expect(seen.url).toBe('/company/media/12/3f9a0c1d2e4b5a69-1280x720.mp4');
    expect(seen.headers?.range).toBe('bytes=0-5');
    expect(response.status).toBe(206);
    expect(response.headers.get('content-range')).toBe('bytes 0-5/100');
    // Still arriving after the timeout: the timeout is for the answer, not the whole file.
    expect(await response.text()).toBe('abcdef');
  });

  it('gives up on a server that does not answer at all', async () => {
    const request = new Request('app://admin/media/12/slow-headers/x.jpg');
    const response = await forwardMediaRequest(request, url, fetch, 100);
    expect(response.status).toBe(502);
  });
});

describe('forwarding a large upload to a server that takes it in slowly', () => {
  let upstream: Server;
  let url = '';
  let received = 0;

  beforeAll(async () => {
    upstream = createServer((req, res) => {
      if (req.method === 'GET') return; // a read that never gets its answer
      received = 0;
      // Takes the body in a chunk at a time with pauses, as over a slow uplink.
      req.on('data', (chunk: Buffer) => {
        received += chunk.length;
        req.pause();
        setTimeout(() => req.resume(), 25);
      });
      req.on('end', () => {
        res.writeHead(201, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ data: { received } }));
      });
    });
    await new Promise<void>((resolve) => upstream.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(upstream.address() as AddressInfo).port}`;
  });
  afterAll(() => {
    upstream.closeAllConnections();
    return new Promise<void>((resolve) => upstream.close(() => resolve()));
  });

  it('waits for the upload to be sent and answered, however long that takes', async () => {
    const body = new Uint8Array(1024 * 1024).fill(7);
    const request = new Request('app://admin/api/media', {
      method: 'POST',
      headers: { 'content-type': 'application/octet-stream' },
      body,
    });
    const started = Date.now();
    // A deadline of 50 ms stands for the read deadline the upload outlasts.
    const response = await forwardApiRequest(request, url, fetch, 50);
    expect(Date.now() - started).toBeGreaterThan(50);
    expect(response.status).toBe(201);
    expect(await response.json()).toEqual({ data: { received: body.length } });
  });

  it('still gives up on a read the server never answers', async () => {
    const response = await forwardApiRequest(new Request('app://admin/api/news'), url, fetch, 50);
    expect(response.status).toBe(502);
  });
});
