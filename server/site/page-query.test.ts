import request from 'supertest';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signedIn, type TestApp } from '../../tests/support/test-app';
import { loadRenderer } from './render';

/**
 * Every public page reads only the query parameters its route declares
 * (web/site/routes.tsx, `handle.query`; `lang` is read by the server for
 * every page). Each page is rendered through the real app, with every
 * parameter a page could think of, while every named read of a query
 * (URLSearchParams' get, getAll and has: React Router's `useSearchParams`,
 * a loader's `new URL(request.url).searchParams`, the server's own) is
 * recorded. A page that starts reading one it does not declare fails here
 * (its reads would see nothing: the server renders declared parameters
 * only, so the page cache may keep one answer for every value of the others).
 */
let t: TestApp;
let slug: string;
const reads = new Set<string>();
const methods = ['get', 'getAll', 'has'] as const;
const originals = methods.map((name) => URLSearchParams.prototype[name]);

beforeAll(async () => {
  t = await createTestApp({ SEED_DEMO: 'true' });
  slug = (await t.db('news').where({ published: true }).orderBy('id').first('slug')).slug;
  methods.forEach((name, i) => {
    const original = originals[i] as (this: URLSearchParams, key: string) => unknown;
    Object.defineProperty(URLSearchParams.prototype, name, {
      configurable: true,
      writable: true,
      value(this: URLSearchParams, key: string) {
        reads.add(key);
        return original.call(this, key);
      },
    });
  });
});
afterEach(() => reads.clear());
afterAll(async () => {
  methods.forEach((name, i) => {
    Object.defineProperty(URLSearchParams.prototype, name, {
      configurable: true,
      writable: true,
      value: originals[i],
    });
  });
  await t.destroy();
});

/** Parameters any page might be tempted to read. */
const EVERYTHING = 'page=2&per_page=3&sent=1&lang=de&category=robotics&q=x&sort=newest&index&tab=1';

/** React Router's own (`?index` picks an index route's action); never passed to a page. */
const ROUTER_INTERNALS = new Set(['index']);

describe('the query parameters each public page reads', () => {
  const pages = () => [
    '/',
    '/news',
    '/contact',
    '/privacy',
    `/${slug}`,
    '/no-such-page',
    '/pt/news',
    '/de/contact',
    `/en/${slug}`,
  ];

  it('are the ones its route declares', async () => {
    const { pageQuery } = await loadRenderer();
    for (const path of pages()) {
      reads.clear();
      await request(t.app).get(`${path}?${EVERYTHING}`).set('Host', 'forge.test');
      const declared = new Set(['lang', ...Object.keys(pageQuery(path))]);
      const undeclared = [...reads].filter((n) => !declared.has(n) && !ROUTER_INTERNALS.has(n));
      expect(undeclared, `${path} reads undeclared query parameters`).toEqual([]);
    }
  });

  it('are declared where pages read them: the news page its page, the contact page its flag', async () => {
    const { pageQuery } = await loadRenderer();
    expect(pageQuery('/news')).toEqual({ page: 'list-page' });
    expect(pageQuery('/pt/news')).toEqual({ page: 'list-page' });
    expect(pageQuery('/contact')).toEqual({ sent: 'flag' });
    expect(pageQuery('/')).toEqual({});
    expect(pageQuery(`/${slug}`)).toEqual({});
  });

  it('are the only ones a page is rendered with, in their canonical form', async () => {
    // Once the list's pages are counted, `02` is page 2 of 2.
    await request(t.app).get('/news').set('Host', 'forge.test').expect(200);
    const res = await request(t.app)
      .get('/news?page=02&utm_source=mail&evil=%22%3E')
      .set('Host', 'forge.test')
      .expect(200);
    // The language menu keeps the page's query: the declared page alone, as `2`.
    expect(res.text).toContain('href="/pt/news?page=2"');
    expect(res.text).not.toMatch(/utm_source|evil/);
  });

  it('are read the same way for a signed-in admin (never kept)', async () => {
    const admin = await signedIn(t.app);
    const res = await admin.get('/contact?sent=1&utm_source=x').set('Host', 'forge.test');
    expect(res.status).toBe(200);
    expect(res.text).not.toContain('utm_source');
  });
});
