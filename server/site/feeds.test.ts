import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signedIn, type TestApp } from '../test-support';

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
