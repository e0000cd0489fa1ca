import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { ArticleListQuery } from '#shared/news-list';
import { newsServicesOn, STORES, type TestStore } from '../../../tests/support/stores';
import { toBool } from '../../db/values';
import type { NewsService } from './news.service';
import type { PagesService } from './pages.service';

/**
 * The counts the database keeps of articles and pages (`news_counts`, by
 * triggers) against the rows counted one by one, after the admin's writes
 * and plain multi-row statements, and the admin lists' totals made from
 * them, on a real SQLite file and a real PostgreSQL alike.
 */
const article = (n: number, published: boolean) => ({
  title: `Article ${n}`,
  excerpt: `Excerpt ${n}`,
  content: `Body ${n}`,
  category: 'robotics',
  slug: `article-${n}`,
  published,
});

const LISTS: ArticleListQuery[] = [
  {},
  { published: true },
  { published: false },
  { category: 'robotics' },
  { missing: 'de' },
];

describe.each(STORES)('article and page counts kept by the database on $name', ({ skip, open }) => {
  let store: TestStore;
  let news: NewsService;
  let pages: PagesService;
  beforeAll(async () => {
    if (skip) return;
    store = await open();
    ({ news, pages } = newsServicesOn(store));
  });
  afterAll(() => store?.destroy());
  beforeEach(async () => {
    await store?.db('news').delete();
  });

  /** The kept counts equal the rows counted one by one; so does every list's total. */
  async function expectCountsRight() {
    const key = (kind: unknown, published: unknown) => `${String(kind)} ${toBool(published)}`;
    const counted: Record<string, number> = {};
    for (const r of await store.db('news').select('kind', 'published')) {
      counted[key(r.kind, r.published)] = (counted[key(r.kind, r.published)] ?? 0) + 1;
    }
    const kept: Record<string, number> = {};
    for (const r of await store.db('news_counts').select()) {
      // PostgreSQL keeps a combination in shards: its count is their sum.
      const k = key(r.kind, r.published);
      kept[k] = (kept[k] ?? 0) + Number(r.n);
      if (kept[k] === 0) delete kept[k];
    }
    expect(kept).toEqual(counted);
    for (const query of LISTS) {
      const { total } = await news.pageAdmin({ ...query, page: 1, per_page: 1 });
      expect([query, total]).toEqual([query, (await news.listAdmin(query)).length]);
    }
    for (const published of [undefined, true, false]) {
      const { total } = await pages.pageAdmin({ published, page: 1, per_page: 1 });
      expect(['pages', published, total]).toEqual([
        'pages',
        published,
        (await pages.listAdmin({ published })).length,
      ]);
    }
  }

  it.skipIf(skip)('stay right through the admin and plain statements', async () => {
    const ids = [];
    for (let n = 1; n <= 5; n++) ids.push((await news.create(article(n, n % 2 === 0))).id);
    const page = await pages.create({
      title: 'About us',
      content: 'Text',
      slug: 'about',
      nav: 'header',
      published: true,
    });
    await expectCountsRight();

    await news.setPublished(ids[0]!, true);
    await news.setPublished(ids[1]!, false);
    await pages.setPublished(page.id, false);
    await news.update(ids[2]!, { ...article(3, true), title: 'Article three' });
    await expectCountsRight();

    await news.remove(ids[3]!);
    await pages.remove(page.id);
    await expectCountsRight();

    // Several rows in one statement, each way (PostgreSQL's triggers run once per statement).
    await store.db('news').whereIn('id', ids).update({ published: true });
    await expectCountsRight();
    await store.db('news').whereIn('id', ids.slice(0, 2)).delete();
    await expectCountsRight();
  });

  it.skipIf(skip)(
    'give the unfiltered totals from the kept counts, not by counting rows',
    async () => {
      await news.create(article(1, true));
      await store.db('news_counts').delete();
      await store.db('news_counts').insert({ kind: 'article', published: true, n: 9000 });
      expect((await news.pageAdmin({ page: 1 })).total).toBe(9000);
      expect((await news.pageAdmin({ page: 1, published: false })).total).toBe(0);
      // A filter counts what it finds.
      expect((await news.pageAdmin({ page: 1, category: 'robotics' })).total).toBe(1);
    },
  );
});
