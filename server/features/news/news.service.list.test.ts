import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { SEARCH_MAX_RESULTS } from '#shared/list-query';
import type { ArticleListQuery } from '#shared/news-list';
import { newsServicesOn, STORES, type TestStore } from '../../../tests/support/stores';
import type { NewsService } from './news.service';

/**
 * The admin's list of articles, filtered, searched and paged by the
 * database, on a real SQLite file and a real PostgreSQL alike.
 */
const article = (n: number, extra: Record<string, unknown> = {}) => ({
  title: `Article ${n}`,
  excerpt: `Excerpt ${n}`,
  content: `Body ${n}`,
  category: 'robotics',
  slug: `article-${n}`,
  ...extra,
});

describe.each(STORES)('the admin list of articles on $name', ({ skip, open }) => {
  let store: TestStore;
  let news: NewsService;
  beforeAll(async () => {
    if (skip) return;
    store = await open();
    ({ news } = newsServicesOn(store));
  });
  afterAll(() => store?.destroy());
  beforeEach(async () => {
    await store?.db('news').delete();
  });

  async function slugs(query: ArticleListQuery) {
    const { items, total } = await news.pageAdmin({ page: 1, ...query });
    return { slugs: items.map((a) => a.slug), total };
  }

  it.skipIf(skip)('pages newest first, drafts included, with the total', async () => {
    for (let n = 1; n <= 5; n++) await news.create(article(n, { published: n % 2 === 0 }));
    expect(await slugs({ per_page: 2 })).toEqual({
      slugs: ['article-5', 'article-4'],
      total: 5,
    });
    expect(await slugs({ page: 3, per_page: 2 })).toEqual({ slugs: ['article-1'], total: 5 });
    expect(await slugs({ published: true })).toEqual({
      slugs: ['article-4', 'article-2'],
      total: 2,
    });
    const [first] = (await news.pageAdmin({ page: 1, per_page: 1 })).items;
    expect(await slugs({ ids: [first!.id, 999_999] })).toEqual({
      slugs: ['article-5'],
      total: 1,
    });
  });

  it.skipIf(skip)(
    'finds every word in the title, excerpt or text of the source or of any translation, accents and case aside',
    async () => {
      await news.create(
        article(1, {
          title: 'Welding cell ships to Porto',
          translations: {
            pt: {
              title: 'Célula de soldadura segue para o Porto',
              excerpt: 'Uma nova instalação',
              content: 'A metalúrgica começa a produção em março.',
            },
            de: {
              title: 'Schweißzelle geht nach Porto',
              excerpt: 'Eine neue Anlage',
              content: 'Die Fertigung beginnt im März.',
            },
          },
        }),
      );
      await news.create(article(2, { content: 'Predictive maintenance for presses.' }));
      const found = async (q: string) => (await slugs({ q })).slugs;
      expect(await found('welding')).toEqual(['article-1']);
      expect(await found('SOLDADURA metalurgica')).toEqual(['article-1']);
      expect(await found('marz fertig')).toEqual(['article-1']);
      expect(await found('predict')).toEqual(['article-2']);
      expect(await found('article')).toEqual(['article-2']);
      // Every word in one text: a Portuguese word and a German one are in no single text.
      expect(await found('soldadura fertigung')).toEqual([]);
      expect((await slugs({ q: 'porto', published: true })).total).toBe(0);
    },
  );

  it.skipIf(skip)(
    'lists at most SEARCH_MAX_RESULTS matches of a search, the most recently written its filters keep',
    async () => {
      // The oldest article matches in its German version only.
      await news.create(
        article(0, {
          translations: { de: { title: 'Turbinenschaufeln', excerpt: 'Kurz', content: 'Lang' } },
        }),
      );
      const at = (n: number) => new Date(Date.UTC(2026, 0, 1, 0, n)).toISOString();
      const matches = SEARCH_MAX_RESULTS + 5;
      const rows = Array.from({ length: matches }, (_, i) => ({
        ...article(i + 1, { title: `Turbine ${i + 1}` }),
        // The newest three are drafts.
        published: i + 1 <= matches - 3,
        created_at: at(i + 1),
        updated_at: at(i + 1),
      }));
      await store.db.batchInsert('news', rows, 100);

      expect(await slugs({ q: 'turbine', per_page: 2 })).toEqual({
        slugs: [`article-${matches}`, `article-${matches - 1}`],
        total: SEARCH_MAX_RESULTS,
      });
      const last = await slugs({ q: 'turbine', per_page: 2, page: SEARCH_MAX_RESULTS / 2 });
      // The oldest matches (the German one among them) are beyond the bound.
      expect(last).toEqual({ slugs: ['article-7', 'article-6'], total: SEARCH_MAX_RESULTS });
      // Drafts are left out before the bound: they take no place among the matches.
      expect(await slugs({ q: 'turbine', published: true, per_page: 1 })).toEqual({
        slugs: [`article-${matches - 3}`],
        total: SEARCH_MAX_RESULTS,
      });
      expect(await slugs({ q: 'turbinenschaufeln' })).toEqual({ slugs: ['article-0'], total: 1 });
      // The list read whole (its matches in one statement) holds what the
      // pages hold (both indexes read apart and merged).
      const whole = (await news.listAdmin({ q: 'turbine' })).map((a) => a.slug);
      expect(whole).toHaveLength(SEARCH_MAX_RESULTS);
      expect([whole[0], whole[1], whole.at(-2), whole.at(-1)]).toEqual([
        `article-${matches}`,
        `article-${matches - 1}`,
        'article-7',
        'article-6',
      ]);
    },
  );

  it.skipIf(skip)(
    'keeps the search in step with edits, new translations and deletions',
    async () => {
      const created = await news.create(article(1));
      expect((await slugs({ q: 'roboter' })).total).toBe(0);
      await news.update(created.id, {
        ...article(1, { title: 'New title' }),
        translations: { de: { title: 'Roboter', excerpt: 'Kurz', content: 'Lang' } },
      });
      expect((await slugs({ q: 'roboter' })).slugs).toEqual(['article-1']);
      expect((await slugs({ q: 'new title' })).total).toBe(1);
      expect((await slugs({ q: 'article' })).total).toBe(0);
      await news.update(created.id, { ...article(1), translations: { de: null } });
      expect((await slugs({ q: 'roboter' })).total).toBe(0);
      await news.remove(created.id);
      expect((await slugs({ q: 'article' })).total).toBe(0);
    },
  );

  it.skipIf(skip)(
    'filters by category under any of its names, and by missing or outdated translations',
    async () => {
      const text = { title: 'T', excerpt: 'E', content: 'C' };
      const full = await news.create(
        article(1, { category: 'Robotik', translations: { pt: text, de: text } }),
      );
      await news.create(article(2, { category: 'AI Innovation', translations: { pt: text } }));
      await news.create(article(3, { category: 'Own topic' }));
      expect((await slugs({ category: 'robotics' })).slugs).toEqual(['article-1']);
      expect((await slugs({ category: 'Inovação em IA' })).slugs).toEqual(['article-2']);
      expect((await slugs({ category: 'own topic' })).total).toBe(0);
      expect((await slugs({ category: 'Own topic' })).slugs).toEqual(['article-3']);
      expect((await slugs({ missing: 'any' })).slugs).toEqual(['article-3', 'article-2']);
      expect((await slugs({ missing: 'de' })).slugs).toEqual(['article-3', 'article-2']);
      expect((await slugs({ missing: 'en' })).total).toBe(0);

      expect((await slugs({ outdated: true })).total).toBe(0);
      // The source text changes after its translations were made from it: they are outdated.
      await news.update(full.id, { content: 'A new source text.' });
      expect((await slugs({ outdated: true })).slugs).toEqual(['article-1']);
      expect((await news.listAdmin({ outdated: true }))[0]!.translations.pt?.outdated).toBe(true);
      expect((await slugs({ outdated: false })).slugs).toEqual(['article-3', 'article-2']);
    },
  );
});
