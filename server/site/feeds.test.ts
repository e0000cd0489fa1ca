import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { wholeSitemap } from '../../tests/support/sitemap';
import { createNewsRepo } from '../features/news/news.repo';
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
  await admin
    .post('/api/news')
    .send({
      ...article('public-article', true),
      translations: {
        pt: { title: 'Título de public-article & mais', excerpt: 'Um resumo', content: 'Corpo' },
      },
    })
    .expect(201);
  await admin
    .post('/api/news')
    .send({ ...article('english-only', true), category: 'AI Innovation' })
    .expect(201);
  await admin.post('/api/news').send(article('draft-article', false)).expect(201);
});

/** The `<url>` entries of a sitemap, each with its address and its alternates. */
function sitemapUrls(xml: string) {
  return [...xml.matchAll(/<url><loc>([^<]+)<\/loc>(.*?)<\/url>/g)].map(([, loc, rest]) => ({
    loc: loc!.replace(/^https?:\/\/[^/]+/, ''),
    alternates: Object.fromEntries(
      [...rest!.matchAll(/hreflang="([^"]+)" href="([^"]+)"/g)].map(([, lang, href]) => [
        lang,
        href!.replace(/^https?:\/\/[^/]+/, ''),
      ]),
    ),
  }));
}
afterAll(() => t.destroy());

describe('feeds of the public site (real app, temp database)', () => {
  it('is a sitemap index whose sitemaps list every language version of the public pages and articles, never drafts', async () => {
    const get = (path: string) => request(t.app).get(path).expect(200);
    const index = await get('/sitemap.xml');
    expect(index.type).toBe('application/xml');
    expect(index.text).toContain(
      '<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
    );
    const files = [
      ...index.text.matchAll(/<sitemap><loc>[^<]+?(\/[^/<]+)<\/loc><lastmod>([^<]+)</g),
    ];
    expect(files.map(([, path]) => path)).toEqual(['/sitemap-pages.xml', '/sitemap-news-1.xml']);
    for (const [, , lastmod] of files) expect(Date.parse(lastmod!)).not.toBeNaN();

    const pages = await get('/sitemap-pages.xml');
    expect(pages.type).toBe('application/xml');
    expect(sitemapUrls(pages.text).map((u) => u.loc)).toEqual([
      ...['/en', '/pt', '/de'],
      ...['/en/news', '/pt/news', '/de/news'],
      ...['/en/contact', '/pt/contact', '/de/contact'],
      ...['/en/privacy', '/pt/privacy', '/de/privacy'],
    ]);
    const urls = sitemapUrls((await get('/sitemap-news-1.xml')).text);
    expect(urls.map((u) => u.loc)).toEqual([
      ...['/en/public-article', '/pt/public-article'],
      ...['/en/english-only'],
    ]);
    const all = sitemapUrls(await wholeSitemap(get));
    expect(all[3]!.alternates).toEqual({
      en: '/en/news',
      pt: '/pt/news',
      de: '/de/news',
      'x-default': '/news',
    });
    expect(all[0]!.alternates['x-default']).toBe('/');
    // An article only names the languages it exists in.
    for (const u of urls.slice(0, 2)) {
      expect(u.alternates).toEqual({
        en: '/en/public-article',
        pt: '/pt/public-article',
        'x-default': '/public-article',
      });
    }
    expect(urls[2]!.alternates).toEqual({ en: '/en/english-only', 'x-default': '/english-only' });
    expect((await get('/sitemap-news-1.xml')).text.match(/<lastmod>/g)).toHaveLength(3);
    expect(await wholeSitemap(get)).not.toContain('draft-article');
    // A sitemap past the last is not found, like any other address.
    await request(t.app).get('/sitemap-news-2.xml').expect(404);
  });

  it('splits the articles into sections by id, each with the last change of its rows', async () => {
    const repo = createNewsRepo(t.db);
    const now = new Date().toISOString();
    // Ids 1 and 2 are public, 3 a draft: one id to a section, the draft's has none.
    const sections = await repo.sitemapSections(now, 1);
    const [first, second] = [
      await repo.sitemapEntries(now, { number: 1, size: 1 }),
      await repo.sitemapEntries(now, { number: 2, size: 1 }),
    ];
    expect([first, second].map((e) => e.map((a) => a.slug))).toEqual([
      ['public-article'],
      ['english-only'],
    ]);
    expect(sections).toEqual([
      { number: 1, lastmod: first[0]!.updated_at },
      { number: 2, lastmod: second[0]!.updated_at },
    ]);
    expect(await repo.sitemapEntries(now, { number: 3, size: 1 })).toEqual([]);
    // Two to a section: one section, its last change the later of the two.
    expect(await repo.sitemapSections(now, 2)).toEqual([
      { number: 1, lastmod: [first[0]!.updated_at, second[0]!.updated_at].sort()[1] },
    ]);
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
    expect(res.text).toMatch(/<link>http:\/\/[^<]+\/de\/public-article<\/link>/);
    expect(res.text).toContain('<category>KI-Innovation</category>');
    expect(res.text).not.toContain('draft-article');
  });

  it('gives each language its own feed: translated items, links to that language, its own address', async () => {
    const pt = await request(t.app).get('/rss.xml?lang=pt').expect(200);
    expect(pt.text).toContain('<language>pt</language>');
    expect(pt.text).toContain('<title>Título de public-article &amp; mais</title>');
    expect(pt.text).toContain('<description>Um resumo</description>');
    expect(pt.text).toMatch(/<link>http:\/\/[^<]+\/pt\/public-article<\/link>/);
    expect(pt.text).toMatch(/<link>http:\/\/[^<]+\/pt\/news<\/link>/);
    expect(pt.text).toMatch(/<atom:link href="http:\/\/[^"]+\/rss\.xml\?lang=pt" rel="self"/);
    expect(pt.text).toContain('<category>Robótica</category>');
    expect(pt.text).toContain('<category>Inovação em IA</category>');
    // Without ?lang= the feed follows the visitor's cookie, else English.
    const cookie = await request(t.app).get('/rss.xml').set('Cookie', 'language=pt').expect(200);
    expect(cookie.text).toContain('<language>pt</language>');
    const en = await request(t.app).get('/rss.xml').expect(200);
    expect(en.text).toContain('<title>Title of public-article &amp; more</title>');
    expect(en.text).toContain('<category>AI Innovation</category>');
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
    const sitemap = { text: await wholeSitemap((path) => get(path).expect(200)) };
    expect(sitemap.text).toContain('<loc>https://www.example.com/pt/news</loc>');
    expect((await get('/sitemap.xml').expect(200)).text).toContain(
      '<loc>https://www.example.com/sitemap-news-1.xml</loc>',
    );
    expect((await get('/robots.txt').expect(200)).text).toContain(
      'Sitemap: https://www.example.com/sitemap.xml',
    );
    const rss = await get('/rss.xml').expect(200);
    expect(rss.text).toContain('<link>https://www.example.com/en/news</link>');
    for (const res of [sitemap, rss]) expect(res.text).not.toContain('127.0.0.1');
  });

  it('is used by canonical and hreflang links of the pages', async () => {
    const page = await get('/news').expect(200);
    expect(page.text).toContain('<link rel="canonical" href="https://www.example.com/news">');
    expect(page.text).toContain('hreflang="de" href="https://www.example.com/de/news"');
    expect(page.text).not.toContain('127.0.0.1');
  });
});
