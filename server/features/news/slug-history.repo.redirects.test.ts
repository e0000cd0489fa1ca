import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newsServicesOn } from '../../../tests/support/stores';
import { createTestApp, signedIn, type TestApp } from '../../../tests/support/test-app';

/** A published article's old addresses keep working; nobody takes its old slug unawares. */

let t: TestApp;
let admin: Awaited<ReturnType<typeof signedIn>>;
beforeAll(async () => {
  t = await createTestApp();
  admin = await signedIn(t.app);
});
afterAll(() => t.destroy());

const article = (slug: string, extra: Record<string, unknown> = {}) => ({
  title: `Story ${slug}`,
  excerpt: 'E',
  content: 'C',
  category: 'robotics',
  slug,
  published: true,
  ...extra,
});

const create = async (slug: string, extra: Record<string, unknown> = {}) =>
  (await admin.post('/api/news').send(article(slug, extra)).expect(201)).body.data;

describe('a published article’s slug changed', () => {
  let id: number;

  it('answers 301 from the old page address to the new one, with its language prefix and query', async () => {
    id = (await create('robot-cel')).id;
    await admin.put(`/api/news/${id}`).send({ slug: 'robot-cell' }).expect(200);
    for (const [from, to] of [
      ['/robot-cel', '/robot-cell'],
      ['/pt/robot-cel', '/pt/robot-cell'],
      ['/de/robot-cel?utm_source=mail&lang=de', '/de/robot-cell?utm_source=mail&lang=de'],
      ['/en/robot-cel', '/en/robot-cell'],
    ] as const) {
      const res = await request(t.app).get(from).expect(301);
      expect(res.headers.location).toBe(to);
    }
    await request(t.app).get('/robot-cell').expect(200);
  });

  it('answers 301 on the API too, to the article’s current address', async () => {
    const res = await request(t.app).get('/api/news/robot-cel?lang=pt').expect(301);
    expect(res.headers.location).toBe('/api/news/robot-cell?lang=pt');
  });

  it('follows every later change from every older slug, and forgets a slug the article takes back', async () => {
    await admin.put(`/api/news/${id}`).send({ slug: 'robot-cell-live' }).expect(200);
    expect((await request(t.app).get('/robot-cel').expect(301)).headers.location).toBe(
      '/robot-cell-live',
    );
    expect((await request(t.app).get('/robot-cell').expect(301)).headers.location).toBe(
      '/robot-cell-live',
    );
    await admin.put(`/api/news/${id}`).send({ slug: 'robot-cell' }).expect(200);
    await request(t.app).get('/robot-cell').expect(200);
    expect((await request(t.app).get('/robot-cell-live').expect(301)).headers.location).toBe(
      '/robot-cell',
    );
  });

  it('keeps the redirects away from visitors while the article is not public', async () => {
    await admin.put(`/api/news/${id}`).send({ published: false }).expect(200);
    await request(t.app).get('/robot-cel').expect(404);
    const toDraft = await admin.get('/robot-cel').expect(301);
    expect(toDraft.headers.location).toBe('/robot-cell');
    expect(toDraft.headers['cache-control']).toBe('private, no-store');
    await admin.put(`/api/news/${id}`).send({ published: true }).expect(200);
    const out = await request(t.app).get('/robot-cel').expect(301);
    // Asked again every time: a rename undone must not meet an old redirect kept by a browser.
    expect(out.headers['cache-control']).toBe('public, no-cache');
  });
});

describe('slugs used before', () => {
  it('are not handed to another article silently: 409 naming it, unless the write takes the slug over', async () => {
    const first = await create('grand-opening');
    await admin.put(`/api/news/${first.id}`).send({ slug: 'grand-opening-porto' }).expect(200);
    const refused = await admin.post('/api/news').send(article('grand-opening')).expect(409);
    expect(refused.body).toEqual({
      error:
        '“Story grand-opening” had this slug before, and its old links lead there. Choose another slug, or take it over so that those links lead to this article instead.',
      details: { slug: 'Another article or page had this slug before; its old links lead there' },
      code: 'slug_used_before',
    });
    const other = await create('another-story');
    await admin.put(`/api/news/${other.id}`).send({ slug: 'grand-opening' }).expect(409);
    const { news } = newsServicesOn(t);
    expect(await news.slugTaken('grand-opening')).toBe(true);

    await admin
      .put(`/api/news/${other.id}`)
      .send({ slug: 'grand-opening', reuse_slug: true })
      .expect(200);
    await request(t.app).get('/grand-opening').expect(200);
    expect((await request(t.app).get('/grand-opening').expect(200)).text).toContain(
      'Story another-story',
    );
    expect((await request(t.app).get('/another-story').expect(301)).headers.location).toBe(
      '/grand-opening',
    );
  });

  it('are offered to a page as a page: its own words, in the admin’s language, and take-over works', async () => {
    const first = await create('open-day');
    await admin.put(`/api/news/${first.id}`).send({ slug: 'open-day-2025' }).expect(200);
    const page = {
      title: 'Open day',
      content: 'Come and see.',
      slug: 'open-day',
      nav: 'none',
      published: true,
    };
    const refused = await admin.post('/api/pages').send(page).expect(409);
    expect(refused.body).toMatchObject({
      error:
        '“Story open-day” had this slug before, and its old links lead there. Choose another slug, or take it over so that those links lead to this page instead.',
      code: 'slug_used_before',
    });
    const inGerman = await admin.post('/api/pages?lang=de').send(page).expect(409);
    expect(inGerman.body.error).toBe(
      '„Story open-day“ hatte diesen Slug bereits, und alte Links führen dorthin. Wählen Sie einen anderen Slug oder übernehmen Sie ihn, damit diese Links künftig zu dieser Seite führen.',
    );
    await admin
      .post('/api/pages')
      .send({ ...page, reuse_slug: true })
      .expect(201);
    expect((await request(t.app).get('/open-day').expect(200)).text).toContain('Come and see.');
  });

  it('are not kept for drafts, whose address nobody had', async () => {
    const draft = await create('draft-name', { published: false });
    await admin.put(`/api/news/${draft.id}`).send({ slug: 'draft-new-name' }).expect(200);
    await admin.get('/draft-name').expect(404);
    await create('draft-name');
  });

  it('free up when their article is deleted', async () => {
    const gone = await create('short-lived');
    await admin.put(`/api/news/${gone.id}`).send({ slug: 'short-lived-2' }).expect(200);
    await admin.delete(`/api/news/${gone.id}`).expect(200);
    await request(t.app).get('/short-lived').expect(404);
    await create('short-lived');
  });
});
