import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signedIn, type TestApp } from '../../tests/support/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  const admin = await signedIn(t.app);
  const article = (slug: string, published: boolean) => ({
    title: `Title of ${slug} & more`,
    excerpt: 'An excerpt <with> markup',
    content: 'Body',
    category: 'robotics',
    slug,
    published,
  });
  await admin.post('/api/news').send(article('public-article', true)).expect(201);
  await admin.post('/api/news').send(article('draft-article', false)).expect(201);
});
afterAll(() => t.destroy());

describe('feeds of the public site (real app, temp database)', () => {
  it('lists the public pages and published articles, never drafts, in the sitemap', async () => {
    const res = await request(t.app).get('/sitemap.xml').expect(200);
    expect(res.type).toBe('application/xml');
    for (const path of ['/', '/news', '/contact', '/public-article']) {
      expect(res.text).toMatch(new RegExp(`<loc>http://127\\.0\\.0\\.1(:\\d+)?${path}</loc>`));
    }
    expect(res.text).not.toContain('draft-article');
    expect(res.text).toContain('hreflang="x-default"');
  });

  it('lets crawlers in everywhere but the admin area and API', async () => {
    const res = await request(t.app).get('/robots.txt').expect(200);
    expect(res.text).toContain('Disallow: /admin');
    expect(res.text).toContain('Disallow: /api/');
    expect(res.text).toMatch(/Sitemap: http:\/\/.+\/sitemap\.xml/);
  });

  it('serves an escaped RSS feed of published articles in the requested language', async () => {
    const res = await request(t.app).get('/rss.xml?lang=de').expect(200);
    expect(res.type).toBe('application/rss+xml');
    expect(res.headers.vary).toMatch(/Cookie/);
    expect(res.text).toContain('<title>Forge Industrial — Neuigkeiten und Innovationen</title>');
    expect(res.text).toContain('<language>de</language>');
    expect(res.text).toContain('<title>Title of public-article &amp; more</title>');
    expect(res.text).toContain('An excerpt &lt;with&gt; markup');
    expect(res.text).not.toContain('draft-article');
  });
});

describe('PUBLIC_URL (behind a proxy the site names its public address, never its own)', () => {
  let proxied: TestApp;
  beforeAll(async () => {
    proxied = await createTestApp({ PUBLIC_URL: 'https://www.example.com/', SEED_DEMO: 'true' });
  });
  afterAll(() => proxied.destroy());

  const get = (path: string) => request(proxied.app).get(path).set('Host', '127.0.0.1:3000');

  it('is used by the sitemap, robots.txt and the RSS feed', async () => {
    const sitemap = await get('/sitemap.xml').expect(200);
    expect(sitemap.text).toContain('<loc>https://www.example.com/news</loc>');
    expect((await get('/robots.txt').expect(200)).text).toContain(
      'Sitemap: https://www.example.com/sitemap.xml',
    );
    const rss = await get('/rss.xml').expect(200);
    expect(rss.text).toContain('<link>https://www.example.com/news</link>');
    for (const res of [sitemap, rss]) expect(res.text).not.toContain('127.0.0.1');
  });

  it('is used by canonical and hreflang links of the pages', async () => {
    const page = await get('/news').expect(200);
    expect(page.text).toContain('<link rel="canonical" href="https://www.example.com/news">');
    expect(page.text).toMatch(/hreflang="de" href="https:\/\/www\.example\.com\/news/);
    expect(page.text).not.toContain('127.0.0.1');
  });
});
