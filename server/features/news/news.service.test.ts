import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Language } from '#shared/languages';
import type { AdminArticle } from '#shared/news';
import { ArticleInputSchema } from '#shared/news-schema';
import { newsServicesOn, STORES, type TestStore } from '../../../tests/support/stores';
import { AppError } from '../../errors';
import type { NewsService } from './news.service';

/**
 * The rules of news, read as a specification, on a real SQLite file and on a
 * real PostgreSQL alike.
 */
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

const text = (language: string, n: number) => ({
  title: `Title ${n} (${language})`,
  excerpt: `Excerpt ${n} (${language})`,
  content: `## Heading ${n}\n\nBody ${n} (${language}).`,
});

const OLD = '2020-01-01T00:00:00.000Z';

describe.each(STORES)('news on $name', ({ skip, open }) => {
  let store: TestStore;
  let news: NewsService;
  /** What the service announced to the content version (every change the public can see). */
  const announced: string[] = [];
  beforeAll(async () => {
    if (skip) return;
    store = await open();
    const services = newsServicesOn(store);
    services.content.onChange((_version, what) => announced.push(what));
    news = services.news;
  });
  afterAll(() => store?.destroy());
  beforeEach(async () => {
    await store?.db('news').delete();
  });

  /** The source text and every translation as it was written in 2020. */
  async function translatedLongAgo(id: number) {
    await store.db('news').where({ id }).update({ source_updated_at: OLD });
    await store.db('news_translations').where({ news_id: id }).update({ updated_at: OLD });
  }

  const stored = async (id: number) => (await news.listAdmin()).find((a) => a.id === id)!;

  it.skipIf(skip)('announces every committed write, and nothing for a refused one', async () => {
    announced.length = 0;
    const created = await news.create(input(1));
    await news.update(created.id, { title: 'Renamed' });
    await news.setPublished(created.id, true);
    await failure(news.update(created.id, { slug: 'Not A Slug' }));
    await news.remove(created.id);
    expect(announced).toEqual([
      'article created',
      `article ${created.id} saved`,
      `article ${created.id} published: true`,
      `article ${created.id} deleted`,
    ]);
    await news.categories();
    expect(announced).toHaveLength(4);
  });

  describe.skipIf(skip)('an article', () => {
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

  describe.skipIf(skip)('reading news', () => {
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
      expect((await news.listAdmin({ published: false })).map((a) => a.slug)).toEqual([
        'article-2',
      ]);
    });
  });

  describe.skipIf(skip)('an article in three languages', () => {
    it('is written in English unless another source language is named', async () => {
      const a = await news.create(input(1));
      expect(a).toMatchObject({
        language: 'en',
        source_language: 'en',
        languages: ['en'],
        translations: {},
      });
      const b = await news.create(input(2, { source_language: 'de' }));
      expect(b).toMatchObject({
        language: 'de',
        source_language: 'de',
        languages: ['de'],
      });
    });

    it('takes translations into the other languages, each with its own time, none outdated', async () => {
      const a = await news.create(
        input(1, { translations: { pt: text('pt', 1), de: text('de', 1) } }),
      );
      expect(a.languages).toEqual(['en', 'pt', 'de']);
      expect(a.title).toBe('Article 1');
      expect(a.translations.pt).toEqual({
        ...text('pt', 1),
        image_alt: null,
        seo_title: null,
        seo_description: null,
        social_image: null,
        published: true,
        source_hash: expect.stringMatching(/^[0-9a-f]{64}$/),
        updated_at: a.created_at,
        outdated: false,
      });
      expect(a.translations.de).toMatchObject({ ...text('de', 1), outdated: false });
    });

    it('refuses a translation in its source language, or into a language the site does not speak', async () => {
      const same = await failure(news.create(input(1, { translations: { en: text('en', 1) } })));
      expect(same).toMatchObject({
        status: 400,
        details: { 'translations.en': 'validation.translations.sourceLanguage' },
      });
      const german = input(2, { source_language: 'de', translations: { de: text('de', 2) } });
      expect((await failure(news.create(german))).details).toEqual({
        'translations.de': 'validation.translations.sourceLanguage',
      });
      const french = await failure(news.create(input(3, { translations: { fr: text('fr', 3) } })));
      expect(french.details).toEqual({ translations: 'validation.translations.language' });
      const nonsense = await failure(news.create(input(4, { translations: 'pt' })));
      expect(nonsense.details).toEqual({ translations: 'validation.translations.invalid' });
      const language = await failure(news.create(input(5, { source_language: 'fr' })));
      expect(language.details).toEqual({ source_language: 'validation.language.invalid' });
      expect(await news.listAdmin()).toEqual([]);
    });

    it('needs every text of a translation, within the limits of the source text', async () => {
      const missing = await failure(
        news.create(input(1, { translations: { pt: { title: ' ', excerpt: 'Resumo' } } })),
      );
      expect(missing.details).toEqual({
        'translations.pt.title': 'validation.title.required',
        'translations.pt.content': 'validation.content.required',
      });
      const long = { ...text('de', 2), title: 'T'.repeat(201), excerpt: 'E'.repeat(501) };
      expect(
        (await failure(news.create(input(2, { translations: { de: long } })))).details,
      ).toEqual({
        'translations.de.title': 'validation.title.max',
        'translations.de.excerpt': 'validation.excerpt.max',
      });
    });

    it('adds, replaces and removes translations on update, leaving the languages not named alone', async () => {
      const a = await news.create(input(1, { translations: { pt: text('pt', 1) } }));
      const added = await news.update(a.id, { translations: { de: text('de', 1) } });
      expect(added.languages).toEqual(['en', 'pt', 'de']);
      expect(added.translations.pt).toMatchObject(text('pt', 1));

      const replaced = await news.update(a.id, { translations: { pt: text('pt', 9) } });
      expect(replaced.translations.pt).toMatchObject(text('pt', 9));
      expect(replaced.translations.de).toMatchObject(text('de', 1));
      expect(replaced.title).toBe('Article 1');

      const removed = await news.update(a.id, { translations: { pt: null } });
      expect(removed.languages).toEqual(['en', 'de']);
      expect(removed.translations).not.toHaveProperty('pt');
      expect((await news.update(a.id, { translations: { pt: null } })).languages).toEqual([
        'en',
        'de',
      ]);
    });

    it('marks a translation outdated once the source text changes, until the translation is saved again', async () => {
      const a = await news.create(
        input(1, { translations: { pt: text('pt', 1), de: text('de', 1) } }),
      );
      await translatedLongAgo(a.id);
      const edited = await news.update(a.id, { content: 'A corrected body.' });
      expect(edited.translations.pt).toMatchObject({ outdated: true, updated_at: OLD });
      expect(edited.translations.de?.outdated).toBe(true);

      // The form sends every translation again: unchanged text stays outdated.
      const resaved = await news.update(a.id, {
        ...input(1, { content: 'A corrected body.' }),
        translations: { pt: text('pt', 1), de: { ...text('de', 1), content: 'Korrigiert.' } },
      });
      expect(resaved.translations.pt).toMatchObject({ outdated: true, updated_at: OLD });
      expect(resaved.translations.de?.outdated).toBe(false);
      expect(resaved.translations.de?.updated_at).not.toBe(OLD);
    });

    it('does not outdate translations when only its state or shared fields change', async () => {
      const a = await news.create(input(1, { translations: { pt: text('pt', 1) } }));
      await translatedLongAgo(a.id);
      await news.update(a.id, { published: true });
      await news.setPublished(a.id, false);
      const moved = await news.update(a.id, {
        ...input(1),
        category: 'research',
        slug: 'moved',
        image_url: 'https://cdn.example.com/a.jpg',
      });
      expect(moved.translations.pt).toMatchObject({ outdated: false, updated_at: OLD });
    });

    it('keeps its source language on update unless given one; a translation in it must go in the same write', async () => {
      const a = await news.create(
        input(1, { source_language: 'pt', translations: { en: text('en', 1) } }),
      );
      expect((await news.update(a.id, { title: 'Novo título' })).source_language).toBe('pt');
      // What the admin form sends after checking it with the shared schema keeps it too.
      const fromForm = ArticleInputSchema.parse({ ...input(1), title: 'Novo título' });
      expect(await news.update(a.id, fromForm)).toMatchObject({ source_language: 'pt' });
      const english = await news.update(a.id, { translations: { en: text('en', 2) } });
      expect(english).toMatchObject({ source_language: 'pt', title: 'Novo título' });
      expect(english.translations.en?.title).toBe('Title 2 (en)');

      const clash = await failure(news.update(a.id, { source_language: 'en' }));
      expect(clash).toMatchObject({
        status: 400,
        details: { 'translations.en': 'validation.translations.sourceLanguage' },
      });
      expect((await stored(a.id)).source_language).toBe('pt');

      // An admin corrects the source language: the old English translation becomes the source.
      const swapped = await news.update(a.id, {
        source_language: 'en',
        ...text('en', 1),
        translations: {
          en: null,
          pt: { title: 'Novo título', excerpt: 'Excerpt 1', content: 'Body 1' },
        },
      });
      expect(swapped).toMatchObject({ source_language: 'en', title: 'Title 1 (en)' });
      expect(swapped.languages).toEqual(['en', 'pt']);
      expect(swapped.translations.pt?.title).toBe('Novo título');
    });

    it('takes its translations with it when deleted', async () => {
      const a = await news.create(
        input(1, { translations: { pt: text('pt', 1), de: text('de', 1) } }),
      );
      await news.remove(a.id);
      expect(await store.db('news_translations').where({ news_id: a.id })).toEqual([]);
    });
  });

  describe.skipIf(skip)('reading in a language', () => {
    async function threeArticles() {
      const both = await news.create(
        input(1, { published: true, translations: { pt: text('pt', 1), de: text('de', 1) } }),
      );
      const english = await news.create(input(2, { published: true }));
      const german = await news.create(
        input(3, {
          published: true,
          source_language: 'de',
          ...text('de', 3),
          translations: { en: text('en', 3) },
        }),
      );
      return { both, english, german };
    }

    it('gives each article in the language asked for where it has it, else in its source language', async () => {
      await threeArticles();
      const pick = (list: { news: AdminArticle[] | unknown[] }) =>
        (list.news as AdminArticle[]).map((a) => [a.slug, a.language, a.title]);

      const pt = await news.listPublished({ page: 1, perPage: 10, language: 'pt' });
      expect(pick(pt).sort()).toEqual([
        ['article-1', 'pt', 'Title 1 (pt)'],
        ['article-2', 'en', 'Article 2'],
        ['article-3', 'de', 'Title 3 (de)'],
      ]);
      const en = await news.listPublished({ page: 1, perPage: 10, language: 'en' });
      expect(pick(en).sort()).toEqual([
        ['article-1', 'en', 'Article 1'],
        ['article-2', 'en', 'Article 2'],
        ['article-3', 'en', 'Title 3 (en)'],
      ]);
      for (const a of pt.news) {
        expect(a).not.toHaveProperty('translations');
        expect(a.content).toBe(
          {
            'article-1': text('pt', 1).content,
            'article-2': 'Body 2',
            'article-3': text('de', 3).content,
          }[a.slug],
        );
      }
      expect(pt.news.find((a) => a.slug === 'article-3')).toMatchObject({
        source_language: 'de',
        languages: ['en', 'de'],
      });
    });

    it('reads in English when no language is asked for', async () => {
      await threeArticles();
      const list = await news.listPublished({ page: 1, perPage: 10 });
      expect(list.news.every((a) => a.language === 'en')).toBe(true);
      expect((await news.getBySlug('article-3')).title).toBe('Title 3 (en)');
    });

    it('finds one article in a language, and shows its translations to admins only', async () => {
      await threeArticles();
      const visitor = await news.getBySlug('article-1', { language: 'de' });
      expect(visitor).toMatchObject({
        language: 'de',
        title: 'Title 1 (de)',
        languages: ['en', 'pt', 'de'],
      });
      expect(visitor).not.toHaveProperty('translations');
      const lacking = await news.getBySlug('article-2', { language: 'de' });
      expect(lacking).toMatchObject({ language: 'en', title: 'Article 2', languages: ['en'] });

      const admin = await news.getBySlug('article-1', {
        language: 'pt',
        includeDrafts: true,
        withTranslations: true,
      });
      expect(admin).toMatchObject({ language: 'pt', title: 'Title 1 (pt)' });
      expect(Object.keys(admin.translations ?? {})).toEqual(['pt', 'de']);
    });

    it('never shows a draft to visitors, in any language', async () => {
      await news.create(input(1, { translations: { pt: text('pt', 1), de: text('de', 1) } }));
      for (const language of ['en', 'pt', 'de'] as Language[]) {
        expect((await failure(news.getBySlug('article-1', { language }))).status).toBe(404);
        expect((await news.listPublished({ page: 1, perPage: 10, language })).total).toBe(0);
      }
      expect(await news.sitemapEntries()).toEqual([]);
    });

    it('gives the admin list the source text with every translation, and finds articles lacking a language', async () => {
      const { both, english, german } = await threeArticles();
      const all = await news.listAdmin();
      const g = all.find((a) => a.id === german.id)!;
      expect(g).toMatchObject({
        language: 'de',
        title: 'Title 3 (de)',
        translations: { en: text('en', 3) },
      });
      const ids = async (missing: Language) =>
        (await news.listAdmin({ missing })).map((a) => a.id).sort((x, y) => x - y);
      expect(await ids('pt')).toEqual([english.id, german.id]);
      expect(await ids('de')).toEqual([english.id]);
      expect(await ids('en')).toEqual([]);
      expect(await news.pageAdmin({ missing: 'pt', page: 1, per_page: 1 })).toMatchObject({
        items: [{ id: german.id }],
        total: 2,
      });
      expect((await news.listAdmin({ missing: 'any' })).map((a) => a.id).sort()).toEqual(
        [english.id, german.id].sort(),
      );
      expect(both.languages).toEqual(['en', 'pt', 'de']);
    });

    it('lists the languages of each public article for the sitemap', async () => {
      await threeArticles();
      const entries = await news.sitemapEntries();
      expect(Object.fromEntries(entries.map((e) => [e.slug, e.languages]))).toEqual({
        'article-1': ['en', 'pt', 'de'],
        'article-2': ['en'],
        'article-3': ['en', 'de'],
      });
    });
  });

  describe.skipIf(skip)('categories in every language', () => {
    it('counts a known category and its labels in any language as one, under its key', async () => {
      for (const [n, category] of [
        [1, 'AI Innovation'],
        [2, 'ai-innovation'],
        [3, 'KI-Innovation'],
        [4, 'inovação em ia'],
        [5, 'Drones'],
        [6, 'Industry'],
      ] as const) {
        await news.create(input(n, { category, published: true }));
      }
      await news.create(input(7, { category: 'Robotics' }));
      expect(await news.categories()).toEqual([
        { category: 'ai-innovation', count: 4 },
        { category: 'Drones', count: 1 },
        { category: 'industry', count: 1 },
      ]);
    });

    it('filters by a category under any of its names, and keeps the category as stored', async () => {
      await news.create(input(1, { category: 'AI Innovation', published: true }));
      await news.create(input(2, { category: 'ai-innovation', published: true }));
      await news.create(input(3, { category: 'Drones', published: true }));
      for (const category of ['ai-innovation', 'Inovação em IA', 'KI-INNOVATION']) {
        const list = await news.listPublished({ page: 1, perPage: 10, category });
        expect(list.total).toBe(2);
        expect(list.news.map((a) => a.category).sort()).toEqual(['AI Innovation', 'ai-innovation']);
      }
      expect((await news.listPublished({ page: 1, perPage: 10, category: 'Drones' })).total).toBe(
        1,
      );
      expect((await news.listPublished({ page: 1, perPage: 10, category: 'drones' })).total).toBe(
        0,
      );
      expect((await news.listPublished({ page: 1, perPage: 10, category: 'research' })).total).toBe(
        0,
      );
    });
  });
});
