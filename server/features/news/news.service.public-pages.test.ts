import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newsServicesOn, STORES, type TestStore } from '../../../tests/support/stores';
import type { NewsService } from './news.service';

/**
 * The public list of articles a page at a time, on a real SQLite file and
 * a real PostgreSQL alike: a page past the middle is read from the other
 * end and turned round, and gives the same articles in the same order as
 * reading the whole list newest first, ties and articles without a
 * publication time included.
 */
const NOW = '2026-11-20T10:00:00.000Z';
const PER_PAGE = 3;

/** Publication times: some shared, some unset, one in the future (not public yet). */
const PUBLISHED_AT = [
  '2026-11-01T09:00:00.000Z',
  null,
  '2026-11-02T09:00:00.000Z',
  '2026-11-02T09:00:00.000Z',
  '2026-11-03T09:00:00.000Z',
  null,
  '2026-11-02T09:00:00.000Z',
  '2026-12-24T09:00:00.000Z',
  '2026-10-15T09:00:00.000Z',
  '2026-11-05T09:00:00.000Z',
  '2026-11-02T09:00:00.000Z',
  '2026-11-04T09:00:00.000Z',
];

describe.each(STORES)(
  'the public list of articles, a page at a time, on $name',
  ({ skip, open }) => {
    let store: TestStore;
    let news: NewsService;
    beforeAll(async () => {
      if (skip) return;
      store = await open();
      ({ news } = newsServicesOn(store, { clock: () => new Date(NOW) }));
      await store.db('news').insert(
        PUBLISHED_AT.map((at, i) => ({
          title: `Report ${i}`,
          excerpt: 'In numbers.',
          content: 'Measured.',
          category: 'research',
          slug: `report-${i}`,
          published: i !== 4,
          published_at: at,
          created_at: NOW,
          updated_at: NOW,
        })),
      );
    });
    afterAll(() => store?.destroy());

    it.skipIf(skip)('gives every page as the whole list newest first gives it', async () => {
      const whole = await news.listPublished({ page: 1, perPage: 100 });
      // Twelve rows: one draft and one scheduled for December are not public.
      expect(whole.total).toBe(10);
      const newestFirst = whole.news.map((a) => a.slug);
      const offsets: number[] = [];
      const watch = (q: { sql: string; bindings?: unknown[] }) => {
        if (/published_at/.test(q.sql) && /offset/i.test(q.sql)) {
          offsets.push(Number(q.bindings?.at(-1)));
        }
      };
      store.db.on('query', watch);
      try {
        const pages: string[][] = [];
        for (let page = 1; page <= Math.ceil(whole.total / PER_PAGE) + 1; page++) {
          const { news: items, total } = await news.listPublished({ page, perPage: PER_PAGE });
          expect(total).toBe(10);
          pages.push(items.map((a) => a.slug));
        }
        expect(pages).toEqual([
          newestFirst.slice(0, 3),
          newestFirst.slice(3, 6),
          newestFirst.slice(6, 9),
          newestFirst.slice(9),
          [],
        ]);
      } finally {
        store.db.removeListener('query', watch);
      }
      // No read skipped more than half the list: the last pages came from the other end.
      expect(Math.max(...offsets)).toBeLessThanOrEqual(5);
    });
  },
);
