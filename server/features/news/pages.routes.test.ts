import request from 'supertest';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createUser, signedIn, type TestApp } from '../../../tests/support/test-app';
import { STORES } from '../../../tests/support/stores';

/** `/api/pages` (docs/api.md, "Pages"), on SQLite and PostgreSQL. */

const careers = (extra: Record<string, unknown> = {}) => ({
  title: 'Careers',
  content: '## Work with us\n\nWe hire robotics engineers.',
  slug: 'careers',
  nav: 'header',
  published: true,
  translations: {
    de: { title: 'Karriere', content: '## Arbeiten Sie mit uns\n\nWir stellen ein.' },
  },
  ...extra,
});

const article = (slug: string, extra: Record<string, unknown> = {}) => ({
  title: `Article ${slug}`,
  excerpt: 'An excerpt',
  content: 'Body',
  category: 'robotics',
  slug,
  published: true,
  ...extra,
});

describe.each(STORES)('pages over the API, on $name', ({ name, skip, openApp }) => {
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

  it.skipIf(skip)('creates a page in two languages and answers it as staff read it', async () => {
    const res = await admin.post('/api/pages').send(careers()).expect(201);
    const page = res.body.data;
    expect(page).toMatchObject({
      title: 'Careers',
      slug: 'careers',
      excerpt: null,
      image_url: null,
      nav: 'header',
      position: 0,
      published: true,
      language: 'en',
      source_language: 'en',
      languages: ['en', 'de'],
      seo_title: null,
      seo_description: null,
      social_image: null,
      translations: {
        de: { title: 'Karriere', excerpt: null, published: true, outdated: false },
      },
    });
    expect(page).not.toHaveProperty('category');
    expect(page).not.toHaveProperty('kind');
    expect(page.published_at).toEqual(expect.any(String));
    expect(page.translations.de.source_hash).toMatch(/^[0-9a-f]{64}$/);
    const list = (await admin.get('/api/pages').expect(200)).body.data;
    expect(list.map((p: { slug: string }) => p.slug)).toEqual(['careers']);
  });

  it.skipIf(skip)(
    'pages the list in menu order with X-Total-Count, searched and filtered by the database',
    async () => {
      await admin
        .post('/api/pages')
        .send(careers({ nav: 'none' }))
        .expect(201);
      for (const [slug, nav] of [
        ['imprint', 'footer'],
        ['about', 'header'],
      ]) {
        await admin
          .post('/api/pages')
          .send(careers({ slug, nav, title: slug, translations: {}, published: false }))
          .expect(201);
      }
      await admin.post('/api/news').send(article('welding-news')).expect(201);
      const first = await admin.get('/api/pages?page=1&per_page=2').expect(200);
      expect(first.headers['x-total-count']).toBe('3');
      expect(first.body.data.map((p: { slug: string }) => p.slug)).toEqual(['about', 'imprint']);
      const second = await admin.get('/api/pages?page=2&per_page=2').expect(200);
      expect(second.body.data.map((p: { slug: string }) => p.slug)).toEqual(['careers']);
      // Words of a translation find its page; articles stay out.
      const found = await admin.get('/api/pages?page=1&q=arbeiten').expect(200);
      expect(found.body.data.map((p: { slug: string }) => p.slug)).toEqual(['careers']);
      expect((await admin.get('/api/pages?page=1&q=article').expect(200)).body.data).toEqual([]);
      const drafts = await admin.get('/api/pages?published=false').expect(200);
      expect(drafts.body.data.map((p: { slug: string }) => p.slug)).toEqual(['about', 'imprint']);
      await admin.get('/api/pages?page=0').expect(400);
    },
  );

  it.skipIf(skip)('is for content staff only', async () => {
    await request(t.app).get('/api/pages').expect(401);
    await request(t.app).post('/api/pages').send(careers()).expect(401);
    const reader = await signedIn(t.app, await createUser(t, `reader-${name.length}`));
    const refused = await reader.post('/api/pages').send(careers()).expect(403);
    expect(refused.body.error).toBe('Access denied. Admin privileges required.');
    await reader.get('/api/pages').expect(403);
  });

  it.skipIf(skip)('reads one page in the language asked for; drafts only for staff', async () => {
    await admin.post('/api/pages').send(careers()).expect(201);
    await admin
      .post('/api/pages')
      .send(careers({ slug: 'imprint', title: 'Imprint', published: false, nav: 'footer' }))
      .expect(201);
    const de = await request(t.app).get('/api/pages/careers?lang=de').expect(200);
    expect(de.body.data.page).toMatchObject({ title: 'Karriere', language: 'de' });
    expect(de.body.data.page).not.toHaveProperty('translations');
    const pt = await request(t.app).get('/api/pages/careers?lang=pt').expect(200);
    expect(pt.body.data.page).toMatchObject({ title: 'Careers', language: 'en' });
    const missing = await request(t.app).get('/api/pages/imprint').expect(404);
    expect(missing.body.error).toBe('Page not found');
    const staff = await admin.get('/api/pages/imprint').expect(200);
    expect(staff.body.data.page).toMatchObject({ title: 'Imprint', published: false });
  });

  it.skipIf(skip)('shares one slug namespace with articles, and keeps out of news', async () => {
    await admin.post('/api/news').send(article('about')).expect(201);
    const taken = await admin
      .post('/api/pages')
      .send(careers({ slug: 'about' }))
      .expect(409);
    expect(taken.body.details).toEqual({
      slug: 'This slug is already used by another article or page',
    });
    const page = (await admin.post('/api/pages').send(careers()).expect(201)).body.data;
    await admin.post('/api/news').send(article('careers')).expect(409);
    await admin.put(`/api/pages/${page.id}`).send({ slug: 'about' }).expect(409);
    for (const slug of ['en', 'de', 'privacy', 'preview', 'navigation', 'news']) {
      const res = await admin.post('/api/pages').send(careers({ slug })).expect(400);
      expect(res.body.details.slug).toBe('This slug is reserved by the site; choose another');
    }
    const news = (await request(t.app).get('/api/news').expect(200)).body.data;
    expect(news.news.map((a: { slug: string }) => a.slug)).toEqual(['about']);
    expect(news.total).toBe(1);
    await request(t.app).get('/api/news/careers').expect(404);
    const adminNews = (await admin.get('/api/news/admin').expect(200)).body.data;
    expect(adminNews.map((a: { slug: string }) => a.slug)).toEqual(['about']);
    await admin.put(`/api/news/${page.id}`).send({ published: false }).expect(404);
    await admin.delete(`/api/news/${page.id}`).expect(404);
    const categories = (await request(t.app).get('/api/news/categories').expect(200)).body.data;
    expect(categories).toEqual([{ category: 'robotics', count: 1 }]);
  });

  it.skipIf(skip)('refuses a bad place in the menus with the reasons', async () => {
    const res = await admin
      .post('/api/pages')
      .send(careers({ nav: 'sidebar', position: -1, seo_title: 'x'.repeat(71) }))
      .expect(400);
    expect(res.body.details).toEqual({
      nav: 'Choose where the page is linked: header, footer or none',
      position: 'The position must be a whole number from 0 to 10,000',
      seo_title: 'The search title must be at most 70 characters',
    });
  });

  it.skipIf(skip)(
    'lists the public header and footer pages by position for the menus',
    async () => {
      const ids: Record<string, number> = {};
      for (const [slug, nav, published] of [
        ['careers', 'header', true],
        ['about', 'header', true],
        ['imprint', 'footer', true],
        ['hidden', 'header', false],
        ['terms', 'none', true],
      ] as const) {
        const body = careers({ slug, nav, published, title: slug, translations: {} });
        ids[slug] = (await admin.post('/api/pages').send(body).expect(201)).body.data.id;
      }
      const order = await admin
        .put('/api/pages/order')
        .send({ ids: [ids.about, ids.careers, ids.hidden, ids.imprint] })
        .expect(200);
      expect(order.body.data.map((p: { slug: string }) => p.slug).slice(0, 3)).toEqual([
        'about',
        'careers',
        'hidden',
      ]);
      const nav = (await request(t.app).get('/api/pages/navigation').expect(200)).body.data;
      expect(nav).toEqual([
        {
          slug: 'about',
          nav: 'header',
          position: 0,
          source_language: 'en',
          titles: { en: 'about' },
        },
        {
          slug: 'careers',
          nav: 'header',
          position: 1,
          source_language: 'en',
          titles: { en: 'careers' },
        },
        {
          slug: 'imprint',
          nav: 'footer',
          position: 3,
          source_language: 'en',
          titles: { en: 'imprint' },
        },
      ]);
      // An id that names no page (deleted since the list was loaded) is passed over.
      const unknown = await admin
        .put('/api/pages/order')
        .send({ ids: [999999, ids.careers] })
        .expect(200);
      expect(unknown.body.data.map((p: { slug: string }) => p.slug).slice(0, 3)).toEqual([
        'careers',
        'about',
        'hidden',
      ]);
      await admin.put('/api/pages/order').send({ ids: [] }).expect(400);
      await request(t.app)
        .put('/api/pages/order')
        .send({ ids: [ids.about] })
        .expect(401);
    },
  );

  it.skipIf(skip)('keeps revisions, share links and old addresses of a page', async () => {
    const page = (await admin.post('/api/pages').send(careers()).expect(201)).body.data;
    await admin
      .put(`/api/pages/${page.id}`)
      .send({ content: 'New body', slug: 'jobs' })
      .expect(200);
    const revisions = (await admin.get(`/api/pages/${page.id}/revisions`).expect(200)).body.data;
    expect(revisions[0]).toMatchObject({ language: 'en', content: 'New body' });
    const restored = await admin
      .post(`/api/pages/${page.id}/revisions/${revisions.at(-1).id}/restore`)
      .expect(200);
    expect(restored.body.data).toMatchObject({ content: careers().content, excerpt: null });
    const moved = await request(t.app).get('/api/pages/careers?lang=de').expect(301);
    expect(moved.headers.location).toBe('/api/pages/jobs?lang=de');
    await request(t.app).get('/api/news/careers').expect(404);
    const site = await request(t.app).get('/de/careers').expect(301);
    expect(site.headers.location).toBe('/de/jobs');

    await admin.put(`/api/pages/${page.id}`).send({ published: false }).expect(200);
    const link = (await admin.post(`/api/pages/${page.id}/previews`).send({}).expect(201)).body
      .data;
    const shown = await request(t.app).get(`/api/previews/${link.token}?lang=de`).expect(200);
    expect(shown.body.data.page).toMatchObject({ title: 'Karriere', slug: 'jobs' });
    const html = await request(t.app).get(link.url).expect(200);
    expect(html.text).toContain('Draft — not public');
    expect(html.text).toContain('Work with us');
    await admin.post(`/api/news/${page.id}/previews`).send({}).expect(404);
    expect((await admin.get(`/api/pages/${page.id}/previews`).expect(200)).body.data).toHaveLength(
      1,
    );
  });

  it.skipIf(skip)('records page writes in the audit trail', async () => {
    const page = (await admin.post('/api/pages').send(careers()).expect(201)).body.data;
    await admin.put(`/api/pages/${page.id}`).send({ published: false }).expect(200);
    await admin.delete(`/api/pages/${page.id}`).expect(200);
    await admin.delete(`/api/pages/${page.id}`).expect(404);
    await new Promise((resolve) => setTimeout(resolve, 50));
    const trail = (await admin.get('/api/audit?per_page=10').expect(200)).body.data.entries;
    const mine = trail.filter((e: { target_type: string }) => e.target_type === 'page');
    expect(mine.map((e: { action: string }) => e.action).slice(0, 3)).toEqual([
      'page.deleted',
      'page.unpublished',
      'page.created',
    ]);
    expect(mine[2]).toMatchObject({ summary: 'Careers', target_id: String(page.id) });
  });
});
