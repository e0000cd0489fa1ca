import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deadServerUrl } from '../../tests/support/desktop-real-server';
import { checkHealth, normalizeServerUrl, serverEndpoint } from './server-url';

describe('normalizeServerUrl', () => {
  it.each([
    ['https://admin.example.com/', 'https://admin.example.com'],
    ['  admin.example.com  ', 'https://admin.example.com'],
    ['HTTPS://Example.COM:8443/site/', 'https://example.com:8443/site'],
    ['http://localhost:3000', 'http://localhost:3000'],
    ['http://127.0.0.1:3100/', 'http://127.0.0.1:3100'],
    ['http://[::1]:3000', 'http://[::1]:3000'],
  ])('accepts %s as %s', (input, url) => {
    expect(normalizeServerUrl(input)).toEqual({ ok: true, url });
  });

  it.each([
    ['', 'desktop.setup.errors.required'],
    ['   ', 'desktop.setup.errors.required'],
    ['http://example.com', 'desktop.setup.errors.https'],
    ['http://192.168.1.20:3000', 'desktop.setup.errors.https'],
    ['http://localhost.evil.com', 'desktop.setup.errors.https'],
    ['ftp://example.com', 'desktop.setup.errors.invalid'],
    ['javascript://alert(1)', 'desktop.setup.errors.invalid'],
    ['https://user:pw@example.com', 'desktop.setup.errors.invalid'],
    ['https://example.com/?next=1', 'desktop.setup.errors.invalid'],
    ['https://exa mple.com', 'desktop.setup.errors.invalid'],
  ])('refuses %j with %s', (input, error) => {
    expect(normalizeServerUrl(input)).toEqual({ ok: false, error });
  });

  it('joins endpoints without doubling slashes', () => {
    expect(serverEndpoint('https://a.example/site', '/api/news')).toBe(
      'https://a.example/site/api/news',
    );
    expect(serverEndpoint('https://a.example/', 'healthz')).toBe('https://a.example/healthz');
  });
});

describe('checkHealth', () => {
  let server: Server;
  let base = '';
  beforeAll(async () => {
    server = createServer((req, res) => {
      if (req.url === '/ok/healthz')
        return res.writeHead(200, { 'content-type': 'application/json' }).end('{"status":"ok"}');
      if (req.url === '/html/healthz')
        return res.writeHead(200, { 'content-type': 'text/html' }).end('<p>hello</p>');
      if (req.url === '/down/healthz')
        return res.writeHead(503, { 'content-type': 'application/json' }).end('{}');
      if (req.url === '/slow/healthz') return setTimeout(() => res.end('{}'), 2000);
      res.writeHead(404).end();
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => {
    server.closeAllConnections();
    return new Promise<void>((resolve) => server.close(() => resolve()));
  });

  it('accepts a JSON 200 from /healthz', async () => {
    expect(await checkHealth(`${base}/ok`, fetch)).toEqual({ ok: true, url: `${base}/ok` });
  });

  it('refuses pages that are not our server and unhealthy servers', async () => {
    expect(await checkHealth(`${base}/html`, fetch)).toEqual({
      ok: false,
      error: 'desktop.setup.errors.notServer',
    });
    expect(await checkHealth(`${base}/down`, fetch)).toEqual({
      ok: false,
      error: 'desktop.setup.errors.notServer',
    });
    expect(await checkHealth(`${base}/nothing`, fetch)).toEqual({
      ok: false,
      error: 'desktop.setup.errors.notServer',
    });
  });

  it('reports unreachable servers, including ones that time out', async () => {
    expect(await checkHealth(await deadServerUrl(), fetch)).toEqual({
      ok: false,
      error: 'desktop.setup.errors.unreachable',
    });
    expect(await checkHealth(`${base}/slow`, fetch, 200)).toEqual({
      ok: false,
      error: 'desktop.setup.errors.unreachable',
    });
  });
});
