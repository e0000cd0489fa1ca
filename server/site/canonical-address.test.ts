import { once } from 'node:events';
import { createServer, get as httpGet, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../tests/support/test-app';

let t: TestApp;
let slug: string;
beforeAll(async () => {
  t = await createTestApp({ SEED_DEMO: 'true' });
  slug = (await t.db('news').where({ published: true }).orderBy('id').first('slug')).slug;
});
afterAll(() => t.destroy());

const get = (path: string) => request(t.app).get(path).set('Host', 'www.forge.test');

/** Asks for `path` byte for byte (supertest would read `/\\x` as `//x`): status, headers, body. */
async function rawGet(path: string) {
  const server = createServer(t.app).listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as AddressInfo;
  try {
    const res = await new Promise<IncomingMessage>((resolve, reject) =>
      httpGet({ port, path, host: '127.0.0.1', headers: { Host: 'www.forge.test' } }, resolve).on(
        'error',
        reject,
      ),
    );
    let text = '';
    for await (const chunk of res) text += (chunk as Buffer).toString('utf8');
    return { status: res.statusCode, headers: res.headers, text };
  } finally {
    server.close();
  }
}

describe('a page asked for in another spelling', () => {
  it('answers 301 to its own address, query kept', async () => {
    for (const [asked, own] of [
      ['/news/', '/news'],
      ['/news/?page=2', '/news?page=2'],
      ['/News', '/news'],
      ['/PT/news', '/pt/news'],
      ['/de/Contact/', '/de/contact'],
      [`/${slug.toUpperCase()}`, `/${slug}`],
      ['/pt/', '/pt'],
    ]) {
      const res = await get(asked!).expect(301);
      expect(res.headers.location, asked).toBe(own);
    }
    const own = await get('/news').expect(200);
    expect(own.text).toContain('<link rel="canonical" href="http://www.forge.test/news">');
  });

  it('leaves the API, media, share links and addresses that would leave the site alone', async () => {
    for (const other of ['/API/NEWS', '/Media/1/x.jpg', '/assets/Missing.js', '/PREVIEW/AbC']) {
      expect((await get(other)).status, other).toBe(404);
    }
    const token = 'AbCdEfGhIjKlMnOpQrStUv';
    expect((await get(`/preview/${token}`)).status).toBe(404);
    for (const away of ['//evil.example/', '//evil/', '/\\evil.example/']) {
      const res = await get(away);
      expect(res.status, away).not.toBe(301);
      expect(res.headers.location, away).toBeUndefined();
    }
    await get('/').expect(200);
  });
});

describe('an address that starts with an empty segment', () => {
  it('answers the 404 page, never another page, a redirect or a kept answer', async () => {
    for (const away of ['//evil.example/', '//evil.example/news/', '/\\evil.example/contact']) {
      for (const round of ['first', 'again']) {
        const res = await rawGet(away);
        expect(res.status, `${away} ${round}`).toBe(404);
        expect(res.headers.location, away).toBeUndefined();
        expect(res.headers['x-cache'], away).toBeUndefined();
        expect(res.text, away).toContain('Oops! Page not found');
        expect(res.text, away).not.toContain('rel="canonical"');
        await new Promise((r) => setTimeout(r, 60));
      }
    }
  });

  it('leaves the pages at their own addresses as they were', async () => {
    for (const own of ['/news', '/pt/news?page=2', `/${slug}`, '/contact', '/']) {
      expect((await rawGet(own)).status, own).toBe(200);
    }
  });
});
