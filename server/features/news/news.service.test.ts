import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestDb } from '../../../tests/support/test-app';
import { AppError } from '../../errors';
import { createNewsService, type NewsService } from './news.service';

/** The rules of news, read as a specification, against a real SQLite file. */
let store: Awaited<ReturnType<typeof createTestDb>>;
let news: NewsService;
beforeAll(async () => {
  store = await createTestDb();
  news = createNewsService({ db: store.db });
});
afterAll(() => store.destroy());
beforeEach(async () => {
  await store.db('news').delete();
});

const input = (n: number, extra: Record<string, unknown> = {}) => ({
  title: `Article ${n}`,
  excerpt: `Excerpt ${n}`,
  content: `Body ${n}`,
  category: 'robotics',
  slug: `article-${n}`,
  ...extra,
});

/** The error a call fails with: its status, message key and field keys. */
async function failure(call: Promise<unknown>) {
  const error = await call.then(
    () => null,
    (e: unknown) => e,
  );
  if (!(error instanceof AppError)) throw new Error(`expected an AppError, got ${String(error)}`);
  return { status: error.status, message: error.message, details: error.details };
}

describe('an article', () => {
  it('starts as a draft, without publication time or image, unless published at once', async () => {
    const draft = await news.create(input(1));
    expect(draft).toMatchObject({ published: false, published_at: null, image_url: null });
    const live = await news.create(input(2, { published: true }));
    expect(live.published).toBe(true);
    expect(Date.parse(live.published_at!)).toBeGreaterThan(Date.now() - 5000);
  });

  it('is stored trimmed', async () => {
    const a = await news.create(input(1, { title: '  Spaced title  ', category: ' research ' }));
    expect(a).toMatchObject({ title: 'Spaced title', category: 'research' });
  });

  it('needs every text field, with the translation keys the form shows', async () => {
    const { status, details } = await failure(news.create({}));
    expect(status).toBe(400);
    expect(details).toMatchObject({
      title: 'validation.title.required',
      excerpt: 'validation.excerpt.required',
      content: 'validation.content.required',
      category: 'validation.category.required',
      slug: 'validation.slug.required',
    });
  });

  it('has a unique slug that follows the slug rules and is not a site path', async () => {
    await news.create(input(1));
    expect(await failure(news.create(input(2, { slug: 'article-1' })))).toMatchObject({
      status: 409,
      details: { slug: 'validation.slug.taken' },
    });
    expect((await failure(news.create(input(3, { slug: 'Not A Slug' })))).details).toEqual({
      slug: 'validation.slug.format',
    });
    expect((await failure(news.create(input(4, { slug: 'contact' })))).details).toEqual({
      slug: 'validation.slug.reserved',
    });
  });

  it('keeps its first publication time when unpublished and published again', async () => {
    const a = await news.create(input(1, { published: true }));
    const off = await news.setPublished(a.id, false);
    expect(off).toMatchObject({ published: false, published_at: a.published_at });
    const on = await news.update(a.id, { published: true });
    expect(on.published_at).toBe(a.published_at);
  });

  it('takes a body of only {published} as the publish toggle, leaving the text alone', async () => {
    const a = await news.create(input(1));
    const published = await news.update(a.id, { published: true });
    expect(published).toMatchObject({ published: true, title: 'Article 1', slug: 'article-1' });
  });

  it('keeps the fields an update does not send, and checks the merged result', async () => {
    const a = await news.create(input(1, { image_url: 'https://cdn.example.com/a.jpg' }));
    const renamed = await news.update(a.id, { title: 'New title' });
    expect(renamed).toMatchObject({
      title: 'New title',
      excerpt: 'Excerpt 1',
      image_url: 'https://cdn.example.com/a.jpg',
    });
    expect((await failure(news.update(a.id, { title: '' }))).details).toEqual({
      title: 'validation.title.required',
    });
  });

  it('is gone after removal, and a second removal is a 404', async () => {
    const a = await news.create(input(1));
    expect(await news.remove(a.id)).toEqual({ id: a.id });
    expect((await failure(news.remove(a.id))).status).toBe(404);
    expect((await failure(news.update(a.id, { title: 'x' }))).status).toBe(404);
  });
});

describe('reading news', () => {
  it('shows visitors published articles only, newest publication first, in pages', async () => {
    for (let n = 1; n <= 7; n++) {
      const a = await news.create(input(n, { published: n !== 4 }));
      const at = new Date(Date.UTC(2026, 0, n)).toISOString();
      await store
        .db('news')
        .where({ id: a.id })
        .update({ published_at: n === 4 ? null : at });
    }
    const first = await news.listPublished({ page: 1, perPage: 4 });
    expect(first).toMatchObject({ total: 6, pages: 2, current_page: 1 });
    expect(first.news.map((a) => a.slug)).toEqual([
      'article-7',
      'article-6',
      'article-5',
      'article-3',
    ]);
    const second = await news.listPublished({ page: 2, perPage: 4 });
    expect(second.news.map((a) => a.slug)).toEqual(['article-2', 'article-1']);
  });

  it('finds a draft by slug for admins only', async () => {
    await news.create(input(1));
    expect((await failure(news.getBySlug('article-1'))).status).toBe(404);
    expect((await news.getBySlug('article-1', { includeDrafts: true })).slug).toBe('article-1');
  });

  it('counts the categories of published articles only', async () => {
    await news.create(input(1, { published: true }));
    await news.create(input(2, { published: true }));
    await news.create(input(3, { published: true, category: 'research' }));
    await news.create(input(4, { category: 'partnership' }));
    expect(await news.categories()).toEqual([
      { category: 'robotics', count: 2 },
      { category: 'research', count: 1 },
    ]);
  });

  it('lists everything for the admin, drafts included, newest first', async () => {
    await news.create(input(1, { published: true }));
    await news.create(input(2));
    const all = await news.listAdmin();
    expect(all.map((a) => a.slug).sort()).toEqual(['article-1', 'article-2']);
    expect((await news.listAdmin({ published: false })).map((a) => a.slug)).toEqual(['article-2']);
  });
});
