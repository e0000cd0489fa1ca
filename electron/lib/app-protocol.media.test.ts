import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MediaItem } from '#shared/media';
import { DEFAULT_NEWS_IMAGE } from '#shared/news';
import { withCookieJar } from '../../tests/support/desktop-cookie-jar';
import { DESKTOP_ADMIN, startRealServer } from '../../tests/support/desktop-real-server';
import { makeImage } from '../../tests/support/images';
import { createAppProtocolHandler, routeAppUrl } from './app-protocol';
import { RENDERER_FILES } from './app-scheme';

/**
 * Uploaded images and videos in the desktop app: the server gives their
 * addresses as `/media/{id}/{file}`, which the dashboard on `app://admin`
 * asks its own origin for. The app scheme forwards them to the server, as it
 * does `/api`; the app's own built files under `/media/` stay local.
 */

type Real = Awaited<ReturnType<typeof startRealServer>>;

let dir: string;
let server: Real;
let handle: (request: Request) => Promise<Response>;
let image: Buffer;
let item: MediaItem;

beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), 'desktop-media-'));
  mkdirSync(path.join(dir, 'web/admin'), { recursive: true });
  mkdirSync(path.join(dir, 'media'), { recursive: true });
  writeFileSync(path.join(dir, RENDERER_FILES.admin), '<!doctype html><title>admin</title>');
  writeFileSync(path.join(dir, DEFAULT_NEWS_IMAGE.slice(1)), 'built default picture');
  server = await startRealServer();
  handle = createAppProtocolHandler({
    rendererDir: dir,
    serverUrl: () => server.url,
    fetch: withCookieJar(),
  });
  const login = await handle(
    new Request('app://admin/api/auth/login', {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: 'app://admin' },
      body: JSON.stringify(DESKTOP_ADMIN),
    }),
  );
  expect(login.status).toBe(200);
  image = await makeImage('jpeg', { width: 320, height: 200 });
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(image)], { type: 'image/jpeg' }), 'hall.jpg');
  const uploaded = await handle(
    new Request('app://admin/api/media', {
      method: 'POST',
      headers: { origin: 'app://admin' },
      body: form,
    }),
  );
  expect(uploaded.status).toBe(201);
  item = ((await uploaded.json()) as { data: MediaItem }).data;
});
afterAll(async () => {
  await server.stop();
  rmSync(dir, { recursive: true, force: true });
});

describe('uploaded media on the app scheme', () => {
  it('routes upload addresses to the server, and leaves the app’s own /media files local', () => {
    expect(routeAppUrl('app://admin/media/12/3f9a0c1d2e4b5a69-1600x900.jpg')).toEqual({
      kind: 'media',
    });
    expect(routeAppUrl('app://admin/media/12/3f9a0c1d2e4b5a69-480w.avif')).toEqual({
      kind: 'media',
    });
    expect(routeAppUrl(`app://admin${DEFAULT_NEWS_IMAGE}`)).toEqual({
      kind: 'file',
      file: DEFAULT_NEWS_IMAGE.slice(1),
    });
  });

  it('shows an uploaded image: the server’s file, with its type', async () => {
    expect(item.url).toMatch(/^\/media\/\d+\//);
    const response = await handle(new Request(`app://admin${item.url}`));
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('image/jpeg');
    const served = Buffer.from(await response.arrayBuffer());
    expect(served.length).toBeGreaterThan(0);
    expect(served.subarray(0, 3)).toEqual(Buffer.from([0xff, 0xd8, 0xff]));
  });

  it('answers HEAD without a body and a byte range with 206, as a video player asks', async () => {
    const head = await handle(new Request(`app://admin${item.url}`, { method: 'HEAD' }));
    expect(head.status).toBe(200);
    expect(head.headers.get('accept-ranges')).toBe('bytes');
    expect(await head.text()).toBe('');

    const whole = Buffer.from(
      await (await handle(new Request(`app://admin${item.url}`))).arrayBuffer(),
    );
    const part = await handle(
      new Request(`app://admin${item.url}`, { headers: { range: 'bytes=10-109' } }),
    );
    expect(part.status).toBe(206);
    expect(part.headers.get('content-range')).toBe(`bytes 10-109/${whole.length}`);
    expect(Buffer.from(await part.arrayBuffer())).toEqual(whole.subarray(10, 110));
  });

  it('passes the server’s 404 for an upload it does not have, and refuses writes', async () => {
    const missing = await handle(
      new Request('app://admin/media/999999/3f9a0c1d2e4b5a69-10x10.jpg'),
    );
    expect(missing.status).toBe(404);
    const post = await handle(new Request(`app://admin${item.url}`, { method: 'POST', body: 'x' }));
    expect(post.status).toBe(405);
    expect(post.headers.get('allow')).toBe('GET, HEAD');
  });

  it('still serves the app’s own default picture from its built files', async () => {
    const response = await handle(new Request(`app://admin${DEFAULT_NEWS_IMAGE}`));
    expect(response.status).toBe(200);
    expect(await response.text()).toBe('built default picture');
  });

  it('lets the dashboard’s policy load them: images and videos from the app origin', async () => {
    const csp = (await handle(new Request('app://admin/admin'))).headers.get(
      'content-security-policy',
    );
    const directive = (name: string) =>
      csp
        ?.split(';')
        .map((d) => d.trim().split(/\s+/))
        .find(([n]) => n === name)
        ?.slice(1);
    expect(directive('img-src')).toContain("'self'");
    expect(directive('media-src')).toContain("'self'");
  });
});
