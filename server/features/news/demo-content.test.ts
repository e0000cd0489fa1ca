import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signedIn, type TestApp } from '../../../tests/support/test-app';

/** Demo content through the real app on SQLite, seeded as a first start seeds it. */
let t: TestApp;
let admin: Awaited<ReturnType<typeof signedIn>>;
beforeAll(async () => {
  t = await createTestApp({ SEED_DEMO: 'true' });
  admin = await signedIn(t.app);
});
afterAll(() => t.destroy());

describe('demo content', () => {
  it('is listed as the seeded articles, not an article of the company’s own', async () => {
    await admin
      .post('/api/news')
      .send({
        title: 'Our own news',
        excerpt: 'Written by the company.',
        content: 'Body.',
        category: 'robotics',
        slug: 'our-own-news',
        published: true,
      })
      .expect(201);
    const { articles } = (await admin.get('/api/demo').expect(200)).body.data;
    expect(articles).toHaveLength(8);
    expect(articles.map((a: { slug: string }) => a.slug)).toContain('vision-guided-bin-picking');
    expect(articles.map((a: { slug: string }) => a.slug)).not.toContain('our-own-news');
    await request(t.app).get('/api/demo').expect(401);
  });

  it('goes in one action, with its translations, from the site at once, and is recorded', async () => {
    // Cached before: the removal must not be hidden by the page cache.
    expect((await request(t.app).get('/api/news?per_page=50').expect(200)).body.data.total).toBe(9);
    await request(t.app).get('/vision-guided-bin-picking').expect(200);

    const res = await admin.delete('/api/demo').expect(200);
    expect(res.body.data).toEqual({ removed: 8 });
    const left = (await request(t.app).get('/api/news?per_page=50').expect(200)).body.data;
    expect(left.news.map((a: { slug: string }) => a.slug)).toEqual(['our-own-news']);
    await request(t.app).get('/vision-guided-bin-picking').expect(404);
    expect(await t.db('news_translations').count({ n: '*' })).toEqual([{ n: 0 }]);
    expect((await admin.get('/api/demo').expect(200)).body.data.articles).toEqual([]);
    expect((await admin.delete('/api/demo').expect(200)).body.data).toEqual({ removed: 0 });

    const audit = (await admin.get('/api/audit?action=article.demo_removed').expect(200)).body.data;
    expect(
      audit.entries.map((e: { summary: string; actor: string }) => [e.actor, e.summary]),
    ).toEqual([
      ['test-admin', '0'],
      ['test-admin', '8'],
    ]);
  });

  it('is not seeded again after a restart', async () => {
    await t.close();
    t = await createTestApp({ SEED_DEMO: 'true' }, t.dataDir);
    admin = await signedIn(t.app);
    expect((await admin.get('/api/demo').expect(200)).body.data.articles).toEqual([]);
    expect((await request(t.app).get('/api/news').expect(200)).body.data.total).toBe(1);
  });
});
