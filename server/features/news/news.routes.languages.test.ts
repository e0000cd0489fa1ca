import request from 'supertest';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import de from '../../../locales/de.json';
import { signedIn, type TestApp } from '../../../tests/support/test-app';
import { STORES } from '../../../tests/support/stores';

/** `/api/news` in three languages (docs/api.md, "Languages of content"), on SQLite and PostgreSQL. */

const text = (language: string, n: number) => ({
  title: `Title ${n} (${language})`,
  excerpt: `Excerpt ${n} (${language})`,
  content: `## Heading ${n} (${language})\n\n- a [link](https://example.com/${n})`,
});

const article = (n: number, extra: Record<string, unknown> = {}) => ({
  ...text('en', n),
  category: 'robotics',
  slug: `article-${n}`,
  published: true,
  ...extra,
});

type Body = { slug: string; language: string; title: string };

describe.each(STORES)('articles in three languages over the API, on $name', ({ skip, openApp }) => {
  let t: TestApp;
  let admin: Awaited<ReturnType<typeof signedIn>>;

  beforeAll(async () => {
    if (skip) return;
    t = await openApp();
    admin = await signedIn(t.app);
  });
  afterAll(async () => {
    await t?.destroy();
  });
  beforeEach(async () => {
    await t?.db('news').delete();
  });

  /** One article in en with pt and de, one in en only, one written in German with an English version. */
  async function seed() {
    const translated = await admin
      .post('/api/news')
      .send(article(1, { translations: { pt: text('pt', 1), de: text('de', 1) } }))
      .expect(201);
    await admin.post('/api/news').send(article(2)).expect(201);
    await admin
      .post('/api/news')
      .send(
        article(3, {
          ...text('de', 3),
          source_language: 'de',
          translations: { en: text('en', 3) },
        }),
      )
      .expect(201);
    return translated.body.data as { id: number };
  }

  describe.skipIf(skip)('writes', () => {
    it('POST takes the source language and translations, and answers the admin read (201)', async () => {
      const res = await admin
        .post('/api/news')
        .send(
          article(1, {
            source_language: 'pt',
            ...text('pt', 1),
            translations: { de: text('de', 1) },
          }),
        )
        .expect(201);
      expect(res.body.data).toMatchObject({
        ...text('pt', 1),
        language: 'pt',
        source_language: 'pt',
        languages: ['pt', 'de'],
        translations: { de: { ...text('de', 1), outdated: false } },
      });
      expect(res.body.data.translations.de.updated_at).toMatch(/Z$/);
    });

    it('answers 400 with translated details for a translation in the source language or a bad one', async () => {
      const res = await admin
        .post('/api/news?lang=de')
        .send(article(1, { translations: { en: text('en', 1), pt: { title: '' } } }))
        .expect(400);
      expect(res.body.details).toMatchObject({
        'translations.pt.title': de.validation.title.required,
        'translations.pt.excerpt': de.validation.excerpt.required,
      });
      const same = await admin
        .post('/api/news?lang=de')
        .send(article(1, { translations: { en: text('en', 1) } }))
        .expect(400);
      expect(same.body.details).toEqual({
        'translations.en': de.validation.translations.sourceLanguage,
      });
      const french = await admin
        .post('/api/news')
        .send(article(1, { translations: { fr: text('fr', 1) } }))
        .expect(400);
      expect(french.body.details).toEqual({
        translations: 'Translations can only be in English, Portuguese or German',
      });
      expect((await admin.get('/api/news/admin').expect(200)).body.data).toEqual([]);
    });

    it('PUT replaces, removes and keeps translations, and outdates them when the source text changes', async () => {
      const { id } = await seed();
      const res = await admin
        .put(`/api/news/${id}`)
        .send({ translations: { pt: null, de: text('de', 9) } })
        .expect(200);
      expect(res.body.data).toMatchObject({ languages: ['en', 'de'], title: 'Title 1 (en)' });
      expect(res.body.data.translations).toEqual({
        de: {
          ...text('de', 9),
          image_alt: null,
          seo_title: null,
          seo_description: null,
          social_image: null,
          published: true,
          source_hash: expect.stringMatching(/^[0-9a-f]{64}$/),
          updated_at: expect.any(String),
          outdated: false,
        },
      });

      await t.db('news').where({ id }).update({ source_updated_at: '2020-01-01T00:00:00.000Z' });
      await t.db('news_translations').update({ updated_at: '2020-01-01T00:00:00.000Z' });
      await admin.put(`/api/news/${id}`).send({ published: false }).expect(200);
      const toggled = await admin.get('/api/news/admin').expect(200);
      const before = toggled.body.data.find((a: { id: number }) => a.id === id);
      expect(before.translations.de.outdated).toBe(false);

      const edited = await admin
        .put(`/api/news/${id}`)
        .send({ excerpt: 'New excerpt' })
        .expect(200);
      expect(edited.body.data.translations.de).toMatchObject({ outdated: true });
    });
  });

  describe.skipIf(skip)('reads', () => {
    const titles = (list: Body[]) =>
      Object.fromEntries(list.map((a) => [a.slug, `${a.language}: ${a.title}`]));

    it('GET /api/news gives each article in ?lang=, else the cookie, else English, falling back to the source', async () => {
      await seed();
      const pt = await request(t.app).get('/api/news?lang=pt').expect(200);
      expect(titles(pt.body.data.news)).toEqual({
        'article-1': 'pt: Title 1 (pt)',
        'article-2': 'en: Title 2 (en)',
        'article-3': 'de: Title 3 (de)',
      });
      const cookie = await request(t.app).get('/api/news').set('Cookie', 'language=de').expect(200);
      expect(titles(cookie.body.data.news)['article-1']).toBe('de: Title 1 (de)');
      const both = await request(t.app)
        .get('/api/news?lang=en')
        .set('Cookie', 'language=de')
        .expect(200);
      expect(titles(both.body.data.news)['article-3']).toBe('en: Title 3 (en)');
      const unknown = await request(t.app).get('/api/news?lang=fr').expect(200);
      expect(titles(unknown.body.data.news)['article-1']).toBe('en: Title 1 (en)');
      for (const a of pt.body.data.news) expect(a).not.toHaveProperty('translations');
    });

    it('GET /api/news/:slug resolves the language; an admin also gets every translation', async () => {
      await seed();
      const visitor = await request(t.app).get('/api/news/article-3?lang=pt').expect(200);
      expect(visitor.body.data.news).toMatchObject({
        language: 'de',
        source_language: 'de',
        languages: ['en', 'de'],
        title: 'Title 3 (de)',
      });
      expect(visitor.body.data.news).not.toHaveProperty('translations');
      const asAdmin = await admin.get('/api/news/article-1?lang=de').expect(200);
      expect(asAdmin.body.data.news).toMatchObject({ language: 'de', title: 'Title 1 (de)' });
      expect(Object.keys(asAdmin.body.data.news.translations)).toEqual(['pt', 'de']);
    });

    it('GET /api/news/admin gives the source text with translations and filters by a missing language', async () => {
      await seed();
      const all = await admin.get('/api/news/admin?lang=pt').expect(200);
      expect(titles(all.body.data)).toEqual({
        'article-1': 'en: Title 1 (en)',
        'article-2': 'en: Title 2 (en)',
        'article-3': 'de: Title 3 (de)',
      });
      const noPt = await admin.get('/api/news/admin?missing=pt').expect(200);
      expect(noPt.body.data.map((a: Body) => a.slug).sort()).toEqual(['article-2', 'article-3']);
      const bad = await admin.get('/api/news/admin?missing=fr').expect(400);
      expect(bad.body.details).toEqual({ missing: 'Missing language must be any, en, pt or de' });
    });

    it('never shows a draft to visitors, in any language', async () => {
      await admin
        .post('/api/news')
        .send(article(5, { published: false, translations: { pt: text('pt', 5) } }))
        .expect(201);
      for (const lang of ['en', 'pt', 'de']) {
        await request(t.app).get(`/api/news/article-5?lang=${lang}`).expect(404);
        const list = await request(t.app).get(`/api/news?lang=${lang}`).expect(200);
        expect(list.body.data.total).toBe(0);
      }
    });

    it('filters and counts a category under any of its names, returning it as stored', async () => {
      await admin
        .post('/api/news')
        .send(article(1, { category: 'AI Innovation' }))
        .expect(201);
      await admin
        .post('/api/news')
        .send(article(2, { category: 'ai-innovation' }))
        .expect(201);
      await admin
        .post('/api/news')
        .send(article(3, { category: 'Drones' }))
        .expect(201);
      const res = await request(t.app)
        .get(`/api/news?category=${encodeURIComponent('KI-Innovation')}`)
        .expect(200);
      expect(res.body.data.news.map((a: { category: string }) => a.category).sort()).toEqual([
        'AI Innovation',
        'ai-innovation',
      ]);
      const counts = await request(t.app).get('/api/news/categories').expect(200);
      expect(counts.body.data).toEqual([
        { category: 'ai-innovation', count: 2 },
        { category: 'Drones', count: 1 },
      ]);
    });
  });
});
