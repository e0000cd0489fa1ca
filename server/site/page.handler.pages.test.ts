import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { wholeSitemap } from '../../tests/support/sitemap';
import { createTestApp, signedIn, type TestApp } from '../../tests/support/test-app';

/**
 * Pages on the public site (docs/api.md, "Pages"): served at `/{slug}` and
 * `/{lang}/{slug}` with canonical and `hreflang`, linked from the header
 * between News and Contact or from the footer beside the privacy page,
 * listed in the sitemap, never in the news or its feed.
 */

const HOST = 'www.forge.test';
const site = `http://${HOST}`;

let t: TestApp;
let admin: Awaited<ReturnType<typeof signedIn>>;
let careersId: number;

const get = (path: string) => request(t.app).get(path).set('Host', HOST);

/** Asks until the answer comes from the cache (it is kept once compressed, off the request path). */
async function cachedPage(path: string) {
  for (let i = 0; i < 100; i++) {
    if ((await get(path)).headers['x-cache'] === 'HIT') return;
    await new Promise((r) => setTimeout(r, 20));
  }
  throw new Error(`${path} never came from the cache`);
}

/** The labels of the links inside the first element matching `open` (the header's nav, say). */
function linkTexts(html: string, open: RegExp, close: string): string[] {
  const start = html.search(open);
  const part = html.slice(start, html.indexOf(close, start));
  return [...part.matchAll(/<a [^>]*>([^<]*)<\/a>/g)].map((m) => m[1]!);
}

beforeAll(async () => {
  t = await createTestApp();
  admin = await signedIn(t.app);
  const careers = await admin
    .post('/api/pages')
    .send({
      title: 'Careers',
      excerpt: 'Join the team that builds robot cells.',
      content: '## Open positions\n\nRobotics engineer (Porto).',
      slug: 'careers',
      nav: 'header',
      published: true,
      translations: {
        de: { title: 'Karriere', content: '## Offene Stellen\n\nRobotik-Ingenieur (Porto).' },
      },
    })
    .expect(201);
  careersId = careers.body.data.id;
  await admin
    .post('/api/pages')
    .send({
      title: 'Imprint',
      content: 'Forge Industrial, Lda.',
      slug: 'imprint',
      nav: 'footer',
      published: true,
      translations: { de: { title: 'Impressum', content: 'Forge Industrial, Lda.' } },
    })
    .expect(201);
  await admin
    .post('/api/news')
    .send({
      title: 'A news item',
      excerpt: 'Excerpt',
      content: 'Body',
      category: 'robotics',
      slug: 'news-item',
      published: true,
    })
    .expect(201);
});
afterAll(() => t.destroy());

describe('a page', () => {
  it('is served at its address in each language, with canonical and hreflang', async () => {
    const de = await get('/de/careers').expect(200);
    expect(de.text).toContain('<h1 lang="de"');
    expect(de.text).toContain('Karriere');
    expect(de.text).toContain('Offene Stellen');
    expect(de.text).toContain('<title>Karriere | Forge Industrial</title>');
    expect(de.text).toContain(`<link rel="canonical" href="${site}/de/careers">`);
    expect(de.text).toContain(`<link rel="alternate" hreflang="en" href="${site}/en/careers">`);
    expect(de.text).not.toContain('hreflang="pt"');
    expect(de.text).toContain('"@type":"WebPage"');
    // A page is no article: no category, no date, no way "back to news".
    expect(de.text).not.toContain('article:published_time');
    const pt = await get('/pt/careers').expect(200);
    expect(pt.text).toContain('Disponível apenas em inglês e alemão');
    expect(pt.text).toContain(`<link rel="canonical" href="${site}/en/careers">`);
    const plain = await get('/careers').expect(200);
    expect(plain.text).toContain('Join the team that builds robot cells.');
  });

  it('is linked from the header between News and Contact, and the footer as the header and beside Privacy', async () => {
    const home = (await get('/de').expect(200)).text;
    expect(linkTexts(home, /<header/, '</ul>')).toEqual([
      'Startseite',
      'Neuigkeiten',
      'Karriere',
      'Kontakt',
    ]);
    const footer = linkTexts(home, /<footer/, '</footer>');
    expect(footer.slice(0, 7)).toEqual([
      'Startseite',
      'Neuigkeiten',
      'Karriere',
      'Kontakt',
      'Impressum',
      'Datenschutz',
      'RSS-Feed',
    ]);
    expect(home).toContain('href="/de/careers"');
    expect(home).toContain('href="/de/imprint"');
  });

  it('is in the sitemap in its languages, never in the news, its feed or the news list', async () => {
    const sitemap = await wholeSitemap((path) => get(path).expect(200));
    expect(sitemap).toContain(`<loc>${site}/de/careers</loc>`);
    expect(sitemap).not.toContain(`<loc>${site}/pt/careers</loc>`);
    const feed = (await get('/rss.xml?lang=en').expect(200)).text;
    expect(feed).toContain('A news item');
    expect(feed).not.toContain('Careers');
    const news = (await get('/news').expect(200)).text;
    expect(news).toContain('A news item');
    expect(news).not.toContain('Open positions');
  });

  it('shows a change on the next request, though the page was cached', async () => {
    await cachedPage('/en/careers');
    await admin
      .put(`/api/pages/${careersId}`)
      .send({ title: 'Jobs at Forge', nav: 'footer' })
      .expect(200);
    const fresh = await get('/en/careers').expect(200);
    expect(fresh.text).toContain('Jobs at Forge');
    const home = (await get('/en').expect(200)).text;
    expect(linkTexts(home, /<footer/, '</footer>')).toContain('Jobs at Forge');
    expect(linkTexts(home, /<header/, '</ul>')).toEqual(['Home', 'News', 'Contact']);
  });

  it('is gone for visitors once unpublished, and stays for its staff with a notice', async () => {
    await admin.put(`/api/pages/${careersId}`).send({ published: false }).expect(200);
    await get('/en/careers').expect(404);
    const staff = await admin.get('/en/careers').set('Host', HOST).expect(200);
    expect(staff.text).toContain('Draft — not public');
    expect(staff.headers['cache-control']).toBe('private, no-store');
    await admin.put(`/api/pages/${careersId}`).send({ published: true }).expect(200);
  });
});
