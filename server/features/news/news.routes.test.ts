import request from 'supertest';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import de from '../../../locales/de.json';
import pt from '../../../locales/pt.json';
import { createTestApp, createUser, signedIn, type TestApp } from '../../../tests/support/test-app';

let t: TestApp;
let admin: Awaited<ReturnType<typeof signedIn>>;
let reader: Awaited<ReturnType<typeof signedIn>>;

beforeAll(async () => {
  t = await createTestApp();
  admin = await signedIn(t.app);
  reader = await signedIn(t.app, await createUser(t));
});
afterAll(() => t.destroy());
beforeEach(async () => {
  await t.db('news').delete();
});

const article = (n: number, extra: Record<string, unknown> = {}) => ({
  title: `Article ${n}`,
  excerpt: `Excerpt ${n}`,
  content: `## Heading ${n}\n\nBody text.`,
  category: n % 2 ? 'robotics' : 'research',
  slug: `article-${n}`,
  image_url: '',
  published: true,
  ...extra,
});

const ISO_UTC = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

describe('admin writes', () => {
  it('POST /api/news creates an article (201) with the shape of docs/api.md', async () => {
    const res = await admin
      .post('/api/news')
      .send(article(1, { image_url: 'https://cdn.example.com/a.jpg' }))
      .expect(201);
    const a = res.body.data;
    expect(Object.keys(a).sort()).toEqual(
      [
        'id',
        'title',
        'excerpt',
        'content',
        'category',
        'slug',
        'image_url',
        'image_alt',
        'seo_title',
        'seo_description',
        'social_image',
        'published',
        'published_at',
        'created_at',
        'updated_at',
        'language',
        'source_language',
        'languages',
        'translations',
      ].sort(),
    );
    expect(a).toMatchObject({
      title: 'Article 1',
      slug: 'article-1',
      published: true,
      image_url: 'https://cdn.example.com/a.jpg',
    });
    expect(a.published_at).toMatch(ISO_UTC);
    expect(a.created_at).toMatch(ISO_UTC);
  });

  it('a draft has no published_at and no image_url when left blank', async () => {
    const { body } = await admin
      .post('/api/news')
      .send(article(1, { published: false }))
      .expect(201);
    expect(body.data).toMatchObject({ published: false, published_at: null, image_url: null });
  });

  it('answers 400 with translated details for missing fields and bad slugs', async () => {
    const res = await admin
      .post('/api/news')
      .send({ slug: 'Bad Slug', image_url: 'ftp://x' })
      .expect(400);
    expect(res.body.error).toBe('Please fix the errors in the form before submitting.');
    expect(res.body.details).toEqual({
      title: 'Title is required',
      excerpt: 'Excerpt is required',
      content: 'Content is required',
      category: 'Category is required',
      slug: 'Use lowercase letters, digits and single hyphens only (for example: new-robot-cell)',
      image_url: 'Image URL must be an https:// address or a path on this site starting with /',
    });
    const reserved = await admin
      .post('/api/news?lang=de')
      .send(article(1, { slug: 'admin' }))
      .expect(400);
    expect(reserved.body.details.slug).toBe(de.validation.slug.reserved);
  });

  it('says in the request’s language that an image address of the wrong type is not one', async () => {
    const res = await admin
      .post('/api/news?lang=pt')
      .send(article(1, { image_url: 5, social_image: 5 }))
      .expect(400);
    expect(res.body.details).toEqual({
      image_url: pt.validation.imageUrl.invalid,
      social_image: pt.validation.imageUrl.invalid,
    });
  });

  it('refuses slugs that fixed /api/news paths would shadow', async () => {
    for (const slug of ['categories', 'admin']) {
      const res = await admin.post('/api/news').send(article(1, { slug })).expect(400);
      expect(res.body.details.slug).toBe('This slug is reserved by the site; choose another');
    }
  });

  it('answers 409 when the slug is taken', async () => {
    await admin.post('/api/news').send(article(1)).expect(201);
    const res = await admin
      .post('/api/news')
      .send(article(2, { slug: 'article-1' }))
      .expect(409);
    expect(res.body).toEqual({
      error: 'This slug is already used by another article or page',
      details: { slug: 'This slug is already used by another article or page' },
    });
  });

  it('PUT with only {published} toggles, and published_at stays from the first publication', async () => {
    const { body } = await admin
      .post('/api/news')
      .send(article(1, { published: false }))
      .expect(201);
    const id = body.data.id;
    const on = await admin.put(`/api/news/${id}`).send({ published: true }).expect(200);
    expect(on.body.data.published).toBe(true);
    const firstPublished = on.body.data.published_at;
    expect(firstPublished).toMatch(ISO_UTC);
    const off = await admin.put(`/api/news/${id}`).send({ published: false }).expect(200);
    expect(off.body.data).toMatchObject({
      published: false,
      published_at: firstPublished,
      title: 'Article 1',
    });
    const again = await admin.put(`/api/news/${id}`).send({ published: true }).expect(200);
    expect(again.body.data.published_at).toBe(firstPublished);
  });

  it('PUT updates fields, keeps what is not sent, and checks slug and validity', async () => {
    const a = (await admin.post('/api/news').send(article(1)).expect(201)).body.data;
    await admin.post('/api/news').send(article(2)).expect(201);
    const res = await admin
      .put(`/api/news/${a.id}`)
      .send({ ...article(1), title: 'Renamed', slug: 'renamed' })
      .expect(200);
    expect(res.body.data).toMatchObject({
      title: 'Renamed',
      slug: 'renamed',
      published_at: a.published_at,
    });
    const partial = await admin.put(`/api/news/${a.id}`).send({ excerpt: 'Shorter' }).expect(200);
    expect(partial.body.data).toMatchObject({ excerpt: 'Shorter', title: 'Renamed' });
    await admin.put(`/api/news/${a.id}`).send({ slug: 'article-2' }).expect(409);
    const bad = await admin.put(`/api/news/${a.id}`).send({ title: '  ' }).expect(400);
    expect(bad.body.details).toEqual({ title: 'Title is required' });
    await admin.put(`/api/news/${a.id}`).send({ published: 'yes' }).expect(400);
    await admin
      .put('/api/news/9999')
      .send({ published: true })
      .expect(404, { error: 'Article not found' });
    await admin.put('/api/news/abc').send({ published: true }).expect(400);
  });

  it('DELETE removes the article and answers {id}, then 404', async () => {
    const { id } = (await admin.post('/api/news').send(article(1)).expect(201)).body.data;
    await admin.delete(`/api/news/${id}`).expect(200, { data: { id } });
    await admin.delete(`/api/news/${id}`).expect(404, { error: 'Article not found' });
    await request(t.app).get('/api/news/article-1').expect(404);
  });

  it('admin calls are 401 without a session and 403 for a non-admin', async () => {
    const calls = [
      ['post', '/api/news'],
      ['put', '/api/news/1'],
      ['delete', '/api/news/1'],
      ['get', '/api/news/admin'],
    ] as const;
    for (const [method, path] of calls) {
      await request(t.app)[method](path).send({}).expect(401, { error: 'Authentication required' });
      await reader[method](path)
        .send({})
        .expect(403, { error: 'Access denied. Admin privileges required.' });
    }
  });
});

describe('public reads', () => {
  async function seed(count: number) {
    for (let n = 1; n <= count; n++) await admin.post('/api/news').send(article(n)).expect(201);
    await admin
      .post('/api/news')
      .send(article(99, { published: false, slug: 'secret-draft' }))
      .expect(201);
  }

  it('GET /api/news pages published articles, newest publication first', async () => {
    await seed(8);
    const first = await request(t.app).get('/api/news').expect(200);
    expect(first.body.data).toMatchObject({ total: 8, pages: 2, current_page: 1 });
    expect(first.body.data.news).toHaveLength(6);
    expect(first.body.data.news[0].slug).toBe('article-8');
    const second = await request(t.app).get('/api/news?page=2&per_page=6').expect(200);
    expect(second.body.data.news.map((a: { slug: string }) => a.slug)).toEqual([
      'article-2',
      'article-1',
    ]);
    const all = await request(t.app).get('/api/news?per_page=50').expect(200);
    expect(all.body.data.news.some((a: { slug: string }) => a.slug === 'secret-draft')).toBe(false);
    const robotics = await request(t.app).get('/api/news?category=robotics').expect(200);
    expect(robotics.body.data.total).toBe(4);
  });

  it('GET /api/news answers 400 for a bad page or per_page', async () => {
    for (const q of ['page=0', 'page=abc', 'per_page=0', 'per_page=51', 'page=-1']) {
      const res = await request(t.app).get(`/api/news?${q}`).expect(400);
      expect(res.body.error).toBe('Invalid query parameters');
    }
  });

  it('GET /api/news/categories counts published articles per category', async () => {
    await seed(3);
    const res = await request(t.app).get('/api/news/categories').expect(200);
    expect(res.body.data).toEqual([
      { category: 'robotics', count: 2 },
      { category: 'research', count: 1 },
    ]);
  });

  it('GET /api/news/:slug shows published articles; drafts only to admins', async () => {
    await seed(1);
    const res = await request(t.app).get('/api/news/article-1').expect(200);
    expect(res.body.data.news.title).toBe('Article 1');
    await request(t.app).get('/api/news/secret-draft').expect(404, { error: 'Article not found' });
    await reader.get('/api/news/secret-draft').expect(404);
    const asAdmin = await admin.get('/api/news/secret-draft').expect(200);
    expect(asAdmin.body.data.news.published).toBe(false);
  });

  it('GET /api/news/admin lists drafts too, newest first, filtered and paged', async () => {
    await seed(3);
    const all = await admin.get('/api/news/admin').expect(200);
    expect(all.body.data.map((a: { slug: string }) => a.slug)).toEqual([
      'secret-draft',
      'article-3',
      'article-2',
      'article-1',
    ]);
    const drafts = await admin.get('/api/news/admin?published=false').expect(200);
    expect(drafts.body.data).toHaveLength(1);
    const paged = await admin.get('/api/news/admin?page=2&per_page=3').expect(200);
    expect(paged.body.data.map((a: { slug: string }) => a.slug)).toEqual(['article-1']);
    expect(paged.headers['x-total-count']).toBe('4');
    const found = await admin.get('/api/news/admin?page=1&q=heading%2099').expect(200);
    expect(found.body.data.map((a: { slug: string }) => a.slug)).toEqual(['secret-draft']);
    expect(found.headers['x-total-count']).toBe('1');
    await admin.get('/api/news/admin?published=maybe').expect(400);
    const bad = await admin.get('/api/news/admin?per_page=101&ids=1,x').expect(400);
    expect(bad.body.details).toEqual({
      per_page: 'Items per page must be a whole number from 1 to 100',
      ids: 'Ids must be up to 100 whole numbers separated by commas',
    });
  });
});
