import { once } from 'node:events';
import { createServer, get as httpGet, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { createTestApp, signedIn, type TestApp } from '../../../tests/support/test-app';
import { POPULAR_HITS } from './promotions';

/**
 * The rendered-page cache, through the real app: what it keeps, for whom,
 * and that a content write is visible on the very next request.
 */
let t: TestApp;
let slug: string;
beforeAll(async () => {
  t = await createTestApp({ SEED_DEMO: 'true' });
  slug = (await t.db('news').where({ published: true }).orderBy('id').first('slug')).slug;
});
afterAll(() => t.destroy());

/** supertest picks a new port per request: a fixed Host keeps the pages' own links alike. */
const HOST = 'www.forge.test';
const get = (path: string) => request(t.app).get(path).set('Host', HOST);

/** Asks until the answer comes from the cache (it is kept once compressed, off the request path). */
async function cached(path: string, headers: Record<string, string> = {}) {
  for (let i = 0; i < 100; i++) {
    const res = await get(path).set(headers);
    if (res.headers['x-cache'] === 'HIT') return res;
    await new Promise((r) => setTimeout(r, 20));
  }
  throw new Error(`${path} never came from the cache`);
}

/** The bytes as they travel (supertest would decompress them). */
async function rawGet(path: string, acceptEncoding: string) {
  const server = createServer(t.app).listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as AddressInfo;
  try {
    const res = await new Promise<IncomingMessage>((resolve, reject) =>
      httpGet(
        {
          port,
          path,
          host: '127.0.0.1',
          headers: { Host: HOST, 'Accept-Encoding': acceptEncoding },
        },
        resolve,
      ).on('error', reject),
    );
    const chunks: Buffer[] = [];
    for await (const chunk of res) chunks.push(chunk as Buffer);
    return {
      encoding: res.headers['content-encoding'],
      length: res.headers['content-length'],
      body: Buffer.concat(chunks),
    };
  } finally {
    server.close();
  }
}

/** Changes an article behind the application's back: only a cached answer still shows the old text. */
const retitleInDatabase = (title: string) => t.db('news').where({ slug }).update({ title });

describe('the rendered-page cache', () => {
  it('serves a page from memory until a content write, then the new content at once', async () => {
    const first = await cached('/news');
    await retitleInDatabase('Changed behind the cache');
    const again = await get('/news').expect(200);
    expect(again.headers['x-cache']).toBe('HIT');
    expect(again.text).toBe(first.text);
    expect(again.text).not.toContain('Changed behind the cache');

    const admin = await signedIn(t.app);
    const article = (await t.db('news').where({ slug }).first('id')).id;
    await admin.put(`/api/news/${article}`).send({ title: 'Saved through the API' }).expect(200);
    const after = await get('/news').expect(200);
    expect(after.headers['x-cache']).toBeUndefined();
    expect(after.text).toContain('Saved through the API');
    expect((await get(`/${slug}`).expect(200)).text).toContain('Saved through the API');
  });

  it('keeps brotli, gzip and plain bodies of the same bytes, with a strong ETag and 304', async () => {
    const hit = await cached('/contact');
    const br = await rawGet('/contact', 'br');
    const gz = await rawGet('/contact', 'gzip');
    const plain = await rawGet('/contact', 'identity');
    expect([br.encoding, gz.encoding, plain.encoding]).toEqual(['br', 'gzip', undefined]);
    expect(brotliDecompressSync(br.body).toString()).toBe(plain.body.toString());
    expect(gunzipSync(gz.body).toString()).toBe(plain.body.toString());
    expect(br.body.length).toBeLessThan(plain.body.length / 3);
    expect(Number(br.length)).toBe(br.body.length);

    expect(hit.headers.etag).toMatch(/^"[\w-]{27}"$/);
    expect(hit.headers.vary).toBe('Cookie, Accept-Encoding');
    expect(hit.headers['content-security-policy']).toContain("default-src 'self'");
    expect(hit.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
    const notModified = await get('/contact').set('If-None-Match', hit.headers.etag!).expect(304);
    expect(notModified.text).toBe('');
  });

  it('keys on the language cookie and ?lang, and ignores tracking parameters', async () => {
    const english = await cached('/news');
    const german = await cached('/news', { Cookie: 'language=de' });
    expect(german.text).toContain('<html lang="de">');
    expect(english.text).toContain('<html lang="en">');
    expect((await cached('/news?lang=pt')).text).toContain('<html lang="pt">');
    const tracked = await get('/news?utm_source=newsletter&fbclid=x').expect(200);
    expect(tracked.headers['x-cache']).toBe('HIT');
    expect(tracked.headers.etag).toBe(english.headers.etag);
    const page2 = await get('/news?page=2').expect(200);
    expect(page2.headers.etag).not.toBe(english.headers.etag);
  });

  it("keys the news API on the admin's X-Language too: one client's header never reaches others", async () => {
    // The API reads X-Language before the cookie: asked first with it, the Portuguese list
    // must not become everyone's.
    const portuguese = await cached('/api/news', { 'X-Language': 'pt' });
    const plain = await cached('/api/news');
    const title = (res: { body: { data: { news: { title: string }[] } } }) =>
      res.body.data.news[0]!.title;
    expect(title(plain)).not.toBe(title(portuguese));
    expect(plain.headers.etag).not.toBe(portuguese.headers.etag);
    expect(title(await cached('/api/news', { Cookie: 'language=pt' }))).toBe(title(portuguese));
    // A value that names no language is read as none, as the API reads it.
    expect((await cached('/api/news', { 'X-Language': 'xx' })).headers.etag).toBe(
      plain.headers.etag,
    );
  });

  it('keeps a page of a language address for everyone, setting the language cookie on each delivery', async () => {
    const rendered = await get('/news?lang=de&page=1').expect(200);
    expect(String(rendered.headers['set-cookie'])).toMatch(
      /^language=de; Max-Age=31536000; Path=\//,
    );
    const hit = await cached('/news?lang=de&page=1');
    expect(hit.text).toContain('<html lang="de">');
    expect(String(hit.headers['set-cookie'])).toBe(String(rendered.headers['set-cookie']));
    const prefixed = await cached('/pt/contact');
    expect(String(prefixed.headers['set-cookie'])).toMatch(/^language=pt;/);
    const agreeing = await cached('/pt/contact', { Cookie: 'language=pt' });
    expect(agreeing.headers['set-cookie']).toBeUndefined();
    const api = await cached('/api/news?lang=de');
    expect(api.headers['set-cookie']).toBeUndefined();
    const feed = await cached('/rss.xml?lang=de');
    expect(feed.headers['set-cookie']).toBeUndefined();
  });

  it('keys on the address asked for when PUBLIC_URL is unset (canonical links name it)', async () => {
    const ours = await cached('/contact');
    const other = await request(t.app).get('/contact').set('Host', 'other.forge.test');
    expect(other.headers['x-cache']).toBeUndefined();
    expect(other.text).toContain('href="http://other.forge.test/contact"');
    expect(ours.text).toContain(`href="http://${HOST}/contact"`);
  });

  it('is never used by signed-in admins, who see the database as it is', async () => {
    await cached(`/${slug}`);
    await retitleInDatabase('Only the admin sees this yet');
    const admin = await signedIn(t.app);
    const res = await admin.get(`/${slug}`).expect(200);
    expect(res.headers['x-cache']).toBeUndefined();
    expect(res.text).toContain('Only the admin sees this yet');
    expect((await get(`/${slug}`)).text).not.toContain('Only the admin sees this yet');
  });

  it('never keeps a posted form or an answer that sets a cookie', async () => {
    const posted = await request(t.app)
      .post('/contact')
      .type('form')
      .send({ name: 'A', email: 'x', message: 'short' })
      .expect(400);
    expect(posted.text).toContain('value="A"');
    const page = await get('/contact').expect(200);
    expect(page.text).not.toContain('value="A"');
  });

  it('serves the public news API from memory and drops it on a write too', async () => {
    const list = await cached('/api/news');
    expect(list.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(list.headers['cache-control']).toBe('no-store');
    await cached(`/api/news/${slug}`);
    const admin = await signedIn(t.app);
    const created = await admin
      .post('/api/news')
      .send({
        title: 'Fresh news',
        excerpt: 'E',
        content: 'C',
        category: 'robotics',
        slug: 'fresh-news',
        published: true,
      })
      .expect(201);
    const after = await get('/api/news').expect(200);
    expect(after.body.data.news[0].id).toBe(created.body.data.id);
  });
});

describe('what the cache keeps an answer under', () => {
  /** Asks twice, a moment apart: was the second answer kept? */
  async function kept(path: string, host = HOST) {
    await request(t.app).get(path).set('Host', host);
    await new Promise((r) => setTimeout(r, 60));
    return (await request(t.app).get(path).set('Host', host)).headers['x-cache'] === 'HIT';
  }

  it('cannot be forged with an encoded value', async () => {
    const german = await cached('/news?page=2&lang=de');
    expect(german.text).toContain('<html lang="de">');
    const english = await cached('/news');
    // One unreadable page number is page 1: the list's first page in English.
    const encoded = await cached('/news?page=2%26lang%3Dde');
    expect(encoded.text).toContain('<html lang="en">');
    expect(encoded.headers.etag).not.toBe(german.headers.etag);
    expect(encoded.headers.etag).toBe(english.headers.etag);
  });

  it('answers a page past the last, an unknown category and a repeated value, keeping none', async () => {
    await cached('/news');
    const past = await get('/news?page=9999').expect(404);
    expect(past.text).toContain('There are no articles on this page.');
    expect(await kept('/news?page=9999')).toBe(false);
    expect(await kept('/api/news?page=9999')).toBe(false);
    expect(await kept('/api/news?category=no-such-category')).toBe(false);
    expect(await kept('/news?page=2&page=3')).toBe(false);
    expect(await kept('/news?page=2')).toBe(true);
  });

  it('keeps nothing for an address in another form than the site’s own', async () => {
    expect(await kept('/NEWS')).toBe(false);
    expect(await kept('/news/')).toBe(false);
    expect(await kept('/contact')).toBe(true);
  });

  it('keeps answers for the first few hosts only when PUBLIC_URL is unset', async () => {
    const fresh = await createTestApp({ SEED_DEMO: 'true' });
    try {
      const keptOn = async (host: string) => {
        await request(fresh.app).get('/contact').set('Host', host);
        await new Promise((r) => setTimeout(r, 60));
        return (await request(fresh.app).get('/contact').set('Host', host)).headers['x-cache'];
      };
      for (let i = 0; i < 4; i++) expect(await keptOn(`host-${i}.forge.test`)).toBe('HIT');
      const other = await request(fresh.app).get('/contact').set('Host', 'random.example');
      expect(other.status).toBe(200);
      expect(other.text).toContain('href="http://random.example/contact"');
      expect(await keptOn('random.example')).toBeUndefined();
    } finally {
      await fresh.destroy();
    }
  });

  it('compresses an answer harder once it has proved popular', async () => {
    await cached('/privacy');
    const first = await rawGet('/privacy', 'br');
    for (let i = 0; i < POPULAR_HITS; i++) await get('/privacy');
    let later = await rawGet('/privacy', 'br');
    for (let i = 0; i < 100 && later.body.length >= first.body.length; i++) {
      await new Promise((r) => setTimeout(r, 20));
      later = await rawGet('/privacy', 'br');
    }
    expect(later.body.length).toBeLessThan(first.body.length);
    expect(brotliDecompressSync(later.body).equals(brotliDecompressSync(first.body))).toBe(true);
  });
});

describe('a small cache under a flood of random addresses', () => {
  let small: TestApp;
  beforeAll(async () => {
    small = await createTestApp({ SEED_DEMO: 'true', PAGE_CACHE_MB: '1' });
  });
  afterAll(() => small.destroy());

  it('keeps its pages: 404s have a small share of their own', async () => {
    const page = async () => request(small.app).get('/news').set('Host', HOST);
    for (let i = 0; i < 100 && (await page()).headers['x-cache'] !== 'HIT'; i++) {
      await new Promise((r) => setTimeout(r, 20));
    }
    // A 404 page and its compressed copies are ~20 kB: 80 of them would fill the whole 1 MB cache.
    for (let i = 0; i < 80; i++) {
      await request(small.app)
        .get(`/no-such-page-${i}-${'x'.repeat(40)}`)
        .expect(404);
    }
    expect((await page()).headers['x-cache']).toBe('HIT');
  }, 60_000);
});

describe('PAGE_CACHE_MB=0', () => {
  it('turns the cache off', async () => {
    const off = await createTestApp({ SEED_DEMO: 'true', PAGE_CACHE_MB: '0' });
    try {
      for (let i = 0; i < 3; i++) {
        const res = await request(off.app).get('/news').set('Host', HOST).expect(200);
        expect(res.headers['x-cache']).toBeUndefined();
        await new Promise((r) => setTimeout(r, 50));
      }
    } finally {
      await off.destroy();
    }
  });
});

describe('while other instances cannot be heard (their listener is down)', () => {
  it('renders every page afresh and keeps none, until they are heard again', async () => {
    await cached('/news');
    t.contentVersion.unheard('test: listener down');
    try {
      // Another instance's write, which this one cannot hear of.
      await retitleInDatabase('Written by an unheard peer');
      for (let i = 0; i < 3; i++) {
        const res = await get('/news').expect(200);
        expect(res.headers['x-cache']).toBeUndefined();
        expect(res.text).toContain('Written by an unheard peer');
        await new Promise((r) => setTimeout(r, 50));
      }
    } finally {
      t.contentVersion.heard();
    }
    expect((await cached('/news')).text).toContain('Written by an unheard peer');
  });
});
