import { createHash } from 'node:crypto';
import request from 'supertest';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { wholeSitemap } from '../../../tests/support/sitemap';
import { createTestApp, signedIn, type TestApp } from '../../../tests/support/test-app';

/**
 * One language at a time and per-language search fields (docs/api.md,
 * "Publishing one language at a time", "Pages"): a translation that is not
 * published does not exist for visitors in any read, page, feed or sitemap;
 * the source a translation was made from marks it outdated; search titles,
 * descriptions and social images reach `<head>`.
 */

const HOST = 'www.forge.test';
const sha = (text: string) => createHash('sha256').update(text).digest('hex');

const en = { title: 'Robot cell', excerpt: 'A new cell', content: 'Welding, faster.' };
const pt = { title: 'Célula robótica', excerpt: 'Uma nova célula', content: 'Soldadura.' };
const de = { title: 'Roboterzelle', excerpt: 'Eine neue Zelle', content: 'Schweißen.' };

let t: TestApp;
let admin: Awaited<ReturnType<typeof signedIn>>;

beforeAll(async () => {
  t = await createTestApp();
  admin = await signedIn(t.app);
});
afterAll(() => t.destroy());
beforeEach(async () => {
  await t.db('news').delete();
});

async function article(extra: Record<string, unknown> = {}) {
  const body = {
    ...en,
    category: 'robotics',
    slug: 'robot-cell',
    published: true,
    translations: { pt: { ...pt, published: false }, de },
    ...extra,
  };
  return (await admin.post('/api/news').send(body).expect(201)).body.data;
}

describe('a translation kept as a draft', () => {
  it('is stored unpublished and shown to staff, the others published', async () => {
    const a = await article();
    expect(a.languages).toEqual(['en', 'pt', 'de']);
    expect(a.translations.pt).toMatchObject({ published: false });
    expect(a.translations.de).toMatchObject({ published: true });
    const staff = await admin.get('/api/news/robot-cell?lang=pt').expect(200);
    expect(staff.body.data.news).toMatchObject({ title: pt.title, language: 'pt' });
  });

  it('does not exist for visitors: API, pages, feed and sitemap', async () => {
    await article();
    const list = (await request(t.app).get('/api/news?lang=pt').expect(200)).body.data.news;
    expect(list[0]).toMatchObject({ title: en.title, language: 'en', languages: ['en', 'de'] });
    const one = (await request(t.app).get('/api/news/robot-cell?lang=pt').expect(200)).body.data;
    expect(one.news).toMatchObject({ title: en.title, language: 'en', languages: ['en', 'de'] });
    const german = (await request(t.app).get('/api/news/robot-cell?lang=de').expect(200)).body;
    expect(german.data.news.title).toBe(de.title);

    const page = await request(t.app).get('/pt/robot-cell').set('Host', HOST).expect(200);
    expect(page.text).not.toContain(pt.title);
    expect(page.text).toContain(en.title);
    expect(page.text).toContain('Disponível apenas em inglês e alemão');
    expect(page.text).toContain(`<link rel="canonical" href="http://${HOST}/en/robot-cell">`);
    expect(page.text).toContain('hreflang="de"');
    expect(page.text).not.toContain('hreflang="pt"');

    const feed = await request(t.app).get('/rss.xml?lang=pt').set('Host', HOST).expect(200);
    expect(feed.text).toContain(`<title>${en.title}</title>`);
    expect(feed.text).not.toContain(pt.title);
    const sitemap = await wholeSitemap((path) =>
      request(t.app).get(path).set('Host', HOST).expect(200),
    );
    expect(sitemap).toContain(`http://${HOST}/de/robot-cell`);
    expect(sitemap).not.toContain(`http://${HOST}/pt/robot-cell`);
  });

  it('is shown to signed-in staff on its page, marked as a draft and kept private', async () => {
    await article();
    const page = await admin.get('/pt/robot-cell').set('Host', HOST).expect(200);
    expect(page.text).toContain(pt.title);
    expect(page.text).toContain('Esta versão linguística é um rascunho — não pública');
    expect(page.headers['cache-control']).toBe('private, no-store');
    const english = await admin.get('/en/robot-cell').set('Host', HOST).expect(200);
    expect(english.text).not.toContain('data-testid="draft-banner"');
  });

  it('keeps its state when a write leaves it out, and is published when new without one', async () => {
    const a = await article({ translations: { pt: { ...pt, published: false } } });
    const kept = await admin
      .put(`/api/news/${a.id}`)
      .send({ translations: { pt: { ...pt, title: 'Célula nova' }, de } })
      .expect(200);
    expect(kept.body.data.translations.pt).toMatchObject({
      title: 'Célula nova',
      published: false,
    });
    expect(kept.body.data.translations.de.published).toBe(true);
    const out = await admin
      .put(`/api/news/${a.id}`)
      .send({ translations: { pt: { ...pt, published: true } } })
      .expect(200);
    expect(out.body.data.translations.pt.published).toBe(true);
    const pageNow = await request(t.app).get('/api/news/robot-cell?lang=pt').expect(200);
    expect(pageNow.body.data.news.title).toBe(pt.title);
  });
});

describe('the source a translation was made from', () => {
  it('is the SHA-256 of the source title, excerpt and content, given or taken at the save', async () => {
    const given = sha('An older title\nA new cell\nWelding, faster.');
    const a = await article({
      translations: { pt: { ...pt, source_hash: given }, de },
    });
    expect(a.translations.pt).toMatchObject({ source_hash: given, outdated: true });
    expect(a.translations.de).toMatchObject({
      source_hash: sha(`${en.title}\n${en.excerpt}\n${en.content}`),
      outdated: false,
    });
  });

  it('marks translations outdated when the source changes, and current again when it is back', async () => {
    const a = await article();
    const edited = await admin
      .put(`/api/news/${a.id}`)
      .send({ title: 'Robot cell, revised' })
      .expect(200);
    expect(edited.body.data.translations.pt.outdated).toBe(true);
    expect(edited.body.data.translations.de.outdated).toBe(true);
    // The form sends every translation again, unchanged: still outdated.
    const resent = await admin
      .put(`/api/news/${a.id}`)
      .send({ translations: { pt, de } })
      .expect(200);
    expect(resent.body.data.translations.de.outdated).toBe(true);
    const back = await admin.put(`/api/news/${a.id}`).send({ title: en.title }).expect(200);
    expect(back.body.data.translations.pt.outdated).toBe(false);
    expect(back.body.data.translations.de.outdated).toBe(false);
  });

  it('refuses a hash that is not SHA-256 hex', async () => {
    const res = await admin
      .post('/api/news')
      .send({
        ...en,
        category: 'robotics',
        slug: 'bad-hash',
        translations: { pt: { ...pt, source_hash: 'abc' } },
      })
      .expect(400);
    expect(res.body.details).toEqual({
      'translations.pt.source_hash':
        'The source version must be a SHA-256 hash in hexadecimal (64 characters)',
    });
  });
});

describe('search and social fields', () => {
  it('are kept per language and used in <title>, description, Open Graph, Twitter and JSON-LD', async () => {
    await article({
      seo_title: 'Robot welding cell | Forge',
      seo_description: 'A welding cell that halves cycle times.',
      social_image: '/media/7/abc-1200x630.jpg',
      image_url: 'https://cdn.example.com/cell.jpg',
      translations: {
        de: { ...de, seo_title: 'Schweißzelle von Forge', seo_description: 'Halbe Taktzeit.' },
      },
    });
    const page = (await request(t.app).get('/en/robot-cell').set('Host', HOST).expect(200)).text;
    expect(page).toContain('<title>Robot welding cell | Forge</title>');
    expect(page).toContain(
      '<meta name="description" content="A welding cell that halves cycle times.">',
    );
    expect(page).toContain('<meta property="og:title" content="Robot welding cell | Forge">');
    expect(page).toContain(
      `<meta property="og:image" content="http://${HOST}/media/7/abc-1200x630.jpg">`,
    );
    expect(page).toContain('<meta name="twitter:title" content="Robot welding cell | Forge">');
    expect(page).toContain('"description":"A welding cell that halves cycle times."');
    const german = (await request(t.app).get('/de/robot-cell').set('Host', HOST).expect(200)).text;
    expect(german).toContain('<title>Schweißzelle von Forge</title>');
    expect(german).toContain('<meta name="description" content="Halbe Taktzeit.">');
    // The German version has no social image of its own: the source's serves.
    expect(german).toContain(`content="http://${HOST}/media/7/abc-1200x630.jpg"`);
  });

  it('fall back to the title, excerpt and image', async () => {
    await article({ image_url: 'https://cdn.example.com/cell.jpg' });
    const page = (await request(t.app).get('/en/robot-cell').set('Host', HOST).expect(200)).text;
    expect(page).toContain('<title>Robot cell | Forge Industrial</title>');
    expect(page).toContain('<meta name="description" content="A new cell">');
    expect(page).toContain('<meta property="og:image" content="https://cdn.example.com/cell.jpg">');
  });

  it('keep what a write leaves out, and go when it sends null', async () => {
    const a = await article({ seo_title: 'Kept' });
    const kept = await admin.put(`/api/news/${a.id}`).send({ title: 'Other' }).expect(200);
    expect(kept.body.data.seo_title).toBe('Kept');
    const gone = await admin.put(`/api/news/${a.id}`).send({ seo_title: null }).expect(200);
    expect(gone.body.data.seo_title).toBeNull();
    const long = await admin
      .put(`/api/news/${a.id}`)
      .send({ seo_description: 'x'.repeat(161), social_image: 'javascript:alert(1)' })
      .expect(400);
    expect(long.body.details).toMatchObject({
      seo_description: 'The search description must be at most 160 characters',
      social_image: expect.any(String),
    });
  });
});
