import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { LANGUAGES, type Language } from '#shared/languages';
import type { MissingFilter } from '#shared/news-list';
import { newsServicesOn, STORES, type TestStore } from '../../../tests/support/stores';
import type { NewsService } from './news.service';
import type { PagesService } from './pages.service';

/**
 * The languages each article and page lacks, kept by the database
 * (`news_missing_languages`, by triggers on `news` and `news_translations`),
 * against what the rows say, after every kind of write: creation,
 * translation, removal of a translation, a change of source language,
 * deletion, and plain multi-row statements; and the admin's filter "missing"
 * answering from it, on a real SQLite file and a real PostgreSQL alike.
 */
const text = (word: string) => ({
  title: word,
  excerpt: `${word} excerpt`,
  content: `${word} text`,
});

const article = (n: number, extra: Record<string, unknown> = {}) => ({
  ...text(`Article ${n}`),
  category: 'robotics',
  slug: `article-${n}`,
  published: true,
  ...extra,
});

const FILTERS: MissingFilter[] = ['any', ...LANGUAGES];

describe.each(STORES)('languages missing, kept by the database on $name', ({ skip, open }) => {
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

  /** What the rows say: each row's languages that are neither its source nor translated. */
  async function lackingByRows(): Promise<string[]> {
    const translated = new Set(
      (await store.db('news_translations').select('news_id', 'language')).map(
        (t) => `${Number(t.news_id)} ${String(t.language)}`,
      ),
    );
    const rows = await store.db('news').select('id', 'source_language');
    return rows
      .flatMap((r) =>
        LANGUAGES.filter((l) => l !== r.source_language)
          .map((l) => `${Number(r.id)} ${l}`)
          .filter((key) => !translated.has(key)),
      )
      .sort();
  }

  /** The kept rows equal what the rows say, and every "missing" list (page and total) follows. */
  async function expectKeptRight() {
    const kept = (await store.db('news_missing_languages').select('news_id', 'language'))
      .map((r) => `${Number(r.news_id)} ${String(r.language)}`)
      .sort();
    const expected = await lackingByRows();
    expect(kept).toEqual(expected);
    const all = await news.listAdmin();
    for (const missing of FILTERS) {
      const lacks = (id: number, language: Language) => expected.includes(`${id} ${language}`);
      const ids = all
        .filter((a) =>
          missing === 'any' ? LANGUAGES.some((l) => lacks(a.id, l)) : lacks(a.id, missing),
        )
        .map((a) => a.id);
      const page = await news.pageAdmin({ missing, page: 1, per_page: 2 });
      expect([missing, page.total, page.items.map((a) => a.id)]).toEqual([
        missing,
        ids.length,
        ids.slice(0, 2),
      ]);
    }
  }

  it.skipIf(skip)('stay right through the admin and plain statements', async () => {
    const full = await news.create(
      article(1, { translations: { pt: text('PT'), de: text('DE') } }),
    );
    const partly = await news.create(article(2, { translations: { pt: text('PT') } }));
    const none = await news.create(article(3));
    const german = await news.create(
      article(4, { source_language: 'de', translations: { en: text('EN') } }),
    );
    await pages.create({ ...text('About us'), slug: 'about', nav: 'header', published: true });
    await expectKeptRight();

    // Translated, and a translation taken away.
    await news.update(none.id, { ...article(3), translations: { de: text('DE') } });
    await news.update(full.id, { ...article(1), translations: { pt: null } });
    await expectKeptRight();

    // A new source language: its translation goes in the same save; English is now lacking.
    await news.update(partly.id, {
      ...article(2),
      source_language: 'pt',
      translations: { pt: null },
    });
    await expectKeptRight();

    await news.remove(full.id);
    await expectKeptRight();

    // Several rows in one statement, each way (a translation moved to another
    // language, then to another article; every German one deleted; a source
    // language changed; articles deleted with their translations).
    await store
      .db('news_translations')
      .where({ news_id: german.id, language: 'en' })
      .update({ language: 'pt' });
    await expectKeptRight();
    await store
      .db('news_translations')
      .where({ news_id: german.id })
      .update({ news_id: none.id, language: 'pt' });
    await expectKeptRight();
    await store.db('news_translations').where({ language: 'de' }).delete();
    await expectKeptRight();
    await store.db('news').whereIn('id', [none.id, german.id]).update({ source_language: 'en' });
    await expectKeptRight();
    await store.db('news').whereIn('id', [partly.id, none.id]).delete();
    await expectKeptRight();
  });

  it.skipIf(skip)('answer the filter from the kept rows, not by asking each article', async () => {
    const translated = await news.create(
      article(1, { translations: { pt: text('PT'), de: text('DE') } }),
    );
    await news.create(article(2));
    // What is kept is what the filter reads.
    await store.db('news_missing_languages').delete();
    await store.db('news_missing_languages').insert({ news_id: translated.id, language: 'de' });
    expect((await news.pageAdmin({ missing: 'de', page: 1 })).items.map((a) => a.id)).toEqual([
      translated.id,
    ]);
    expect((await news.pageAdmin({ missing: 'any', page: 1 })).total).toBe(1);
    expect((await news.pageAdmin({ missing: 'pt', page: 1 })).total).toBe(0);
  });
});
