import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withCookieJar } from '../../tests/support/desktop-cookie-jar';
import { DESKTOP_ADMIN, startRealServer } from '../../tests/support/desktop-real-server';
import { createAppProtocolHandler, routeAppUrl } from './app-protocol';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { RENDERER_FILES } from './app-scheme';

/** `default-src 'self'; img-src 'self' https:` -> { 'default-src': ["'self'"], … }; duplicates keep the first. */
function parseCsp(header: string | null): Record<string, string[]> {
  const policy: Record<string, string[]> = {};
  for (const directive of (header ?? '').split(';')) {
    const [name, ...sources] = directive.trim().split(/\s+/);
    if (name && !(name.toLowerCase() in policy)) policy[name.toLowerCase()] = sources;
  }
  return policy;
}

/** Sources in effect for a fetch directive: its own, else default-src (CSP fallback). */
const effective = (policy: Record<string, string[]>, directive: string) =>
  policy[directive] ?? policy['default-src'] ?? [];

/** What the policy must guarantee, checked on what the handler actually sends. */
function expectStrictPolicy(header: string | null, { dev = false } = {}) {
  const policy = parseCsp(header);
  const all = Object.values(policy).flat();
  expect(all).not.toContain("'unsafe-eval'");
  expect(all).not.toContain("'wasm-unsafe-eval'");
  expect(all).not.toContain('*');
  expect(policy['default-src']).toSatisfy(
    (v: string[] | undefined) => v?.join(' ') === "'self'" || v?.join(' ') === "'none'",
  );
  // Scripts: our own files only (Vite's dev preamble is the one inline script, dev only).
  expect(effective(policy, 'script-src')).toEqual(dev ? ["'self'", "'unsafe-inline'"] : ["'self'"]);
  // Network: the app origin only, which forwards /api; dev adds Vite's local websocket.
  const connect = effective(policy, 'connect-src');
  expect(connect[0]).toBe("'self'");
  for (const source of connect.slice(1))
    expect(source).toMatch(/^ws:\/\/(localhost|127\.0\.0\.1):/);
  if (!dev) expect(connect).toEqual(["'self'"]);
  expect(effective(policy, 'object-src')).toEqual(["'none'"]);
  expect(effective(policy, 'frame-src')).toEqual(["'none'"]);
  expect(effective(policy, 'worker-src')).toEqual(["'none'"]);
  // Not fetch directives: no fallback, so they must be set.
  expect(policy['frame-ancestors']).toEqual(["'none'"]);
  expect(policy['base-uri']).toEqual(["'none'"]);
  expect(policy['form-action']).toEqual(["'self'"]);
}

describe('routeAppUrl', () => {
  it.each([
    ['app://admin/', { kind: 'page', file: RENDERER_FILES.admin }],
    ['app://admin/login', { kind: 'page', file: RENDERER_FILES.admin }],
    ['app://admin/admin', { kind: 'page', file: RENDERER_FILES.admin }],
    ['app://admin/admin/news/12?tab=edit', { kind: 'page', file: RENDERER_FILES.admin }],
    ['app://admin/setup?offline=1', { kind: 'page', file: RENDERER_FILES.setup }],
    ['app://admin/assets/admin-1a2b.js', { kind: 'file', file: 'assets/admin-1a2b.js' }],
    ['app://admin/fonts/Inter%20Var.woff2', { kind: 'file', file: 'fonts/Inter Var.woff2' }],
    ['app://admin/api/news?page=2', { kind: 'api' }],
    ['app://admin/api', { kind: 'api' }],
    ['app://other/assets/x.js', { kind: 'not-found' }],
    ['app://admin/@vite/client', { kind: 'file', file: '@vite/client' }],
  ])('%s', (url, route) => {
    expect(routeAppUrl(url)).toEqual(route);
  });

  it.each([
    'app://admin/assets/..%2F..%2Fsecret.txt',
    'app://admin/assets/..%5c..%5csecret.txt',
    'app://admin/assets/%00.js',
    'app://admin/%E0%A4%A.js',
  ])('refuses path traversal and malformed paths: %s', (url) => {
    expect(routeAppUrl(url)).toEqual({ kind: 'forbidden' });
  });

  it('keeps dot segments the URL parser resolves inside the renderer root', () => {
    expect(routeAppUrl('app://admin/assets/%2e%2e/%2e%2e/secret.txt')).toEqual({
      kind: 'file',
      file: 'secret.txt',
    });
  });
});

describe('app protocol handler', () => {
  let dir: string;
  let renderer: string;
  let server: Awaited<ReturnType<typeof startRealServer>>;
  let configured: string | null = null;
  let handle: (request: Request) => Promise<Response>;

  beforeAll(async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'desktop-renderer-'));
    renderer = path.join(dir, 'renderer');
    mkdirSync(path.join(renderer, 'web/admin'), { recursive: true });
    mkdirSync(path.join(renderer, 'electron/setup'), { recursive: true });
    mkdirSync(path.join(renderer, 'assets'), { recursive: true });
    writeFileSync(path.join(renderer, RENDERER_FILES.admin), '<!doctype html><title>admin</title>');
    writeFileSync(path.join(renderer, RENDERER_FILES.setup), '<!doctype html><title>setup</title>');
    writeFileSync(path.join(renderer, 'assets/admin-1.js'), 'console.log(1)');
    writeFileSync(path.join(dir, 'secret.txt'), 'do not serve');
    server = await startRealServer();
    handle = createAppProtocolHandler({
      rendererDir: renderer,
      serverUrl: () => configured,
      fetch: withCookieJar(),
    });
  });
  afterAll(async () => {
    await server.stop();
    rmSync(dir, { recursive: true, force: true });
  });

  it('serves the admin page for its routes, with the strict CSP', async () => {
    for (const url of ['app://admin/login', 'app://admin/admin', 'app://admin/admin/contacts']) {
      const response = await handle(new Request(url));
      expect(response.status).toBe(200);
      expect(await response.text()).toContain('<title>admin</title>');
      expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8');
      expectStrictPolicy(response.headers.get('content-security-policy'));
      expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    }
  });

  it('sends the strict CSP with every answer: setup page, assets, errors', async () => {
    for (const url of [
      'app://admin/setup',
      'app://admin/assets/admin-1.js',
      'app://admin/assets/missing.js',
      'app://admin/assets/..%2F..%2Fsecret.txt',
      'app://other/admin',
    ]) {
      const response = await handle(new Request(url));
      expectStrictPolicy(response.headers.get('content-security-policy'));
    }
  });

  it('lets images come from the configured server too (a local http server is not https:)', async () => {
    const images = async () =>
      parseCsp(
        (await handle(new Request('app://admin/admin'))).headers.get('content-security-policy'),
      )['img-src'];
    configured = null;
    expect(await images()).toEqual(["'self'", 'data:', 'blob:', 'https:']);
    configured = 'http://localhost:3000';
    expect(await images()).toEqual(["'self'", 'data:', 'blob:', 'https:', 'http://localhost:3000']);
    configured = 'https://site.example/company';
    expect(await images()).toContain('https://site.example');
    expectStrictPolicy(
      (await handle(new Request('app://admin/admin'))).headers.get('content-security-policy'),
    );
    configured = null;
  });

  it('catches a weakened policy (the checks above can fail)', () => {
    const strict = [
      "default-src 'self'",
      "script-src 'self'",
      "connect-src 'self'",
      "object-src 'none'",
      "frame-src 'none'",
      "worker-src 'none'",
      "frame-ancestors 'none'",
      "base-uri 'none'",
      "form-action 'self'",
    ].join('; ');
    expect(() => expectStrictPolicy(strict)).not.toThrow();
    for (const weakened of [
      strict.replace("script-src 'self'", "script-src 'self' 'unsafe-inline'"),
      strict.replace("script-src 'self'", "script-src 'self' 'unsafe-eval'"),
      strict.replace("script-src 'self'", "script-src 'self' https:"),
      strict.replace("default-src 'self'", 'default-src *'),
      strict.replace("connect-src 'self'", "connect-src 'self' https:"),
      strict.replace("frame-ancestors 'none'; ", ''),
      strict.replace("object-src 'none'; ", ''),
    ])
      expect(() => expectStrictPolicy(weakened), weakened).toThrow();
    // Semantics, not spelling: without script-src, default-src 'self' applies, which is fine.
    expect(() => expectStrictPolicy(strict.replace("script-src 'self'; ", ''))).not.toThrow();
  });

  it('serves built files with their type and long cache for hashed assets; 404 for missing ones', async () => {
    const asset = await handle(new Request('app://admin/assets/admin-1.js'));
    expect(asset.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
    expect(asset.headers.get('cache-control')).toContain('immutable');
    expect((await handle(new Request('app://admin/assets/missing.js'))).status).toBe(404);
    expect(await (await handle(new Request('app://admin/setup'))).text()).toContain(
      '<title>setup</title>',
    );
  });

  it('never serves files outside the renderer folder', async () => {
    const encoded = await handle(new Request('app://admin/assets/..%2F..%2Fsecret.txt'));
    expect(encoded.status).toBe(403);
    expect(await encoded.text()).not.toContain('do not serve');
    const dotted = await handle(new Request('app://admin/assets/%2e%2e/%2e%2e/secret.txt'));
    expect(dotted.status).toBe(404);
    expect(await dotted.text()).not.toContain('do not serve');
  });

  it('answers /api with a clear 503 before a server is configured, then forwards to it', async () => {
    configured = null;
    const none = await handle(new Request('app://admin/api/auth/profile'));
    expect(none.status).toBe(503);
    expect(((await none.json()) as { error: string }).error).toMatch(/server/i);

    configured = server.url;
    const login = await handle(
      new Request('app://admin/api/auth/login', {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: 'app://admin' },
        body: JSON.stringify(DESKTOP_ADMIN),
      }),
    );
    expect(login.status).toBe(200);
    expect((await handle(new Request('app://admin/api/auth/profile'))).status).toBe(200);
  });
});

describe('app protocol handler in development (electron-vite dev)', () => {
  it('takes pages and modules from the dev server, with the dev policy', async () => {
    const seen: string[] = [];
    const dev = createServer((req, res) => {
      seen.push(req.url ?? '');
      res.writeHead(200, {
        'content-type': req.url?.endsWith('.html') ? 'text/html' : 'text/javascript',
      });
      res.end(`served ${req.url}`);
    });
    await new Promise<void>((resolve) => dev.listen(0, '127.0.0.1', resolve));
    try {
      const devServerUrl = `http://127.0.0.1:${(dev.address() as AddressInfo).port}`;
      const handle = createAppProtocolHandler({
        rendererDir: '/nonexistent',
        devServerUrl,
        serverUrl: () => null,
        fetch,
      });
      const page = await handle(new Request('app://admin/admin/news'));
      expect(await page.text()).toBe(`served /${RENDERER_FILES.admin}`);
      expectStrictPolicy(page.headers.get('content-security-policy'), { dev: true });
      const client = await handle(new Request('app://admin/@vite/client?t=1'));
      expect(await client.text()).toBe('served /@vite/client?t=1');
      expect(seen).toEqual([`/${RENDERER_FILES.admin}`, '/@vite/client?t=1']);
    } finally {
      await new Promise<void>((resolve) => dev.close(() => resolve()));
    }
  });
});
