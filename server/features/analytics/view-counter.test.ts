import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestDb } from '../../../tests/support/test-app';
import { createContentVersion } from '../../content-version';
import { createGroupCommit, transactionPerWrite, type GroupCommit } from '../../db/group-commit';
import { createNewsService } from '../news/news.service';
import { createViewCounter } from './view-counter';

/** Page views held in memory and written in batches, added to what is stored. */
let store: Awaited<ReturnType<typeof createTestDb>>;
let articleId: number;
const NOON = Date.parse('2026-11-27T12:00:00.000Z');

beforeAll(async () => {
  store = await createTestDb();
  const article = await createNewsService({ db: store.db, content: createContentVersion() }).create(
    {
      title: 'Welding cells in practice',
      excerpt: 'How a cell welds a frame.',
      content: 'The cell welds a frame in four minutes.',
      category: 'Automation',
      slug: 'welding-cells',
      // Public before the days the tests count views on: only public pages' views are written.
      published: true,
      published_at: '2026-11-01T09:00:00.000Z',
    },
  );
  articleId = article.id;
});
afterAll(() => store.destroy());
beforeEach(async () => {
  await store.db('page_views').delete();
  await store.db('referrer_views').delete();
});

const stored = async () =>
  (await store.db('page_views').orderBy(['day', 'page', 'language']).select()).map((r) => ({
    day: r.day,
    page: r.page,
    document_id: Number(r.document_id),
    language: r.language,
    views: Number(r.views),
  }));
const hosts = async () =>
  (await store.db('referrer_views').orderBy(['day', 'host']).select()).map((r) => ({
    day: r.day,
    host: r.host,
    views: Number(r.views),
  }));

describe('the view counter', () => {
  it('holds views in memory until it writes them, then adds them to the stored counts', async () => {
    const counter = createViewCounter({ writes: createGroupCommit(store.db), clock: () => NOON });
    counter.add('home:0:en', null);
    counter.add('home:0:en', 'google.com');
    counter.add(`document:${articleId}:pt`, 'google.com');
    expect(await stored()).toEqual([]);
    await counter.flush();
    counter.add('home:0:en', null);
    await counter.flush();
    // A second server on the same database adds its own.
    const other = createViewCounter({ writes: transactionPerWrite(store.db), clock: () => NOON });
    other.add('home:0:en', 'google.com');
    await other.flush();
    expect(await stored()).toEqual([
      { day: '2026-11-27', page: 'document', document_id: articleId, language: 'pt', views: 1 },
      { day: '2026-11-27', page: 'home', document_id: 0, language: 'en', views: 4 },
    ]);
    expect(await hosts()).toEqual([{ day: '2026-11-27', host: 'google.com', views: 3 }]);
  });

  it('counts each view on its own day (UTC)', async () => {
    let now = Date.parse('2026-11-27T23:59:59.000Z');
    const counter = createViewCounter({ writes: transactionPerWrite(store.db), clock: () => now });
    counter.add('news:0:de', null);
    now += 2_000;
    counter.add('news:0:de', null);
    counter.add('news:0:de', null);
    await counter.flush();
    expect((await stored()).map((r) => [r.day, r.views])).toEqual([
      ['2026-11-27', 1],
      ['2026-11-28', 2],
    ]);
  });

  it('keeps the views of a write that failed for the next one', async () => {
    const real = transactionPerWrite(store.db);
    let failures = 1;
    const flaky: GroupCommit = {
      run: (work) => (failures-- > 0 ? Promise.reject(new Error('disk full')) : real.run(work)),
      settled: real.settled,
    };
    const counter = createViewCounter({ writes: flaky, clock: () => NOON });
    counter.add('contact:0:en', 'bing.com');
    await counter.flush();
    expect(await stored()).toEqual([]);
    counter.add('contact:0:en', null);
    await counter.flush();
    expect((await stored()).map((r) => r.views)).toEqual([2]);
    expect(await hosts()).toEqual([{ day: '2026-11-27', host: 'bing.com', views: 1 }]);
  });

  it('stores at most 2,000 referring hosts a day, counting the rest as other', async () => {
    const counter = createViewCounter({ writes: transactionPerWrite(store.db), clock: () => NOON });
    // Any visitor can name any host: three batches of 1,500 new ones.
    for (let batch = 0; batch < 3; batch++) {
      for (let i = 0; i < 1_500; i++) counter.add('home:0:en', `h${batch}-${i}.example`);
      await counter.flush();
    }
    counter.add('home:0:en', 'h0-7.example');
    await counter.flush();
    const rows = await hosts();
    expect(rows).toHaveLength(2_001);
    expect(rows.find((r) => r.host === 'other')?.views).toBe(2_500);
    expect(rows.find((r) => r.host === 'h0-7.example')?.views).toBe(2);
    expect(rows.reduce((n, r) => n + r.views, 0)).toBe(4_501);
  });

  it('folds the rare hosts of a day that is over into other', async () => {
    let now = NOON;
    const counter = createViewCounter({ writes: transactionPerWrite(store.db), clock: () => now });
    for (let i = 0; i < 5; i++) counter.add('home:0:en', 'often.example');
    counter.add('home:0:en', 'once.example');
    counter.add('home:0:en', 'twice.example');
    counter.add('home:0:en', 'twice.example');
    await counter.flush();
    expect(await hosts()).toHaveLength(3);
    now += 24 * 60 * 60 * 1000;
    counter.add('home:0:en', 'once.example');
    await counter.flush();
    expect(await hosts()).toEqual([
      { day: '2026-11-27', host: 'often.example', views: 5 },
      { day: '2026-11-27', host: 'other', views: 3 },
      { day: '2026-11-28', host: 'once.example', views: 1 },
    ]);
  });

  it('holds no more than its bounds while the database refuses every write', async () => {
    let round = 0;
    // Visitors keep coming while each write is on its way, and each write fails.
    const down: GroupCommit = {
      run: async () => {
        for (let i = 0; i < 2_000; i++)
          counter.add(`home:${round}${i}:en`, `r${round}-${i}.example`);
        round++;
        throw new Error('database down');
      },
      settled: () => Promise.resolve(),
    };
    const counter = createViewCounter({ writes: down, clock: () => NOON });
    counter.add('home:0:en', 'first.example');
    for (let i = 0; i < 5; i++) await counter.flush();
    expect(counter.held().hosts).toBeLessThanOrEqual(2_001);
    expect(counter.held().pages).toBeLessThanOrEqual(20_000);
  });

  it('adds its rows in the order of their keys, so two servers lock shared rows alike', async () => {
    let now = NOON;
    const counter = createViewCounter({ writes: transactionPerWrite(store.db), clock: () => now });
    // Newest day first, pages and hosts backwards: 10 days × 13 pages, more than one statement's rows.
    const tags = ['privacy', 'news', 'home', 'contact'].flatMap((page) =>
      ['pt', 'en', 'de'].map((language) => `${page}:0:${language}`),
    );
    for (let day = 9; day >= 0; day--) {
      now = NOON + day * 24 * 60 * 60 * 1000;
      for (const tag of [`document:${articleId}:pt`, ...tags]) counter.add(tag, null);
      for (const host of ['zeta.example', 'alpha.example']) {
        for (let i = 0; i < 5; i++) counter.add('home:0:en', host);
      }
    }
    const statements: { sql: string; bindings: unknown[] }[] = [];
    const record = (query: { sql: string; bindings?: unknown[] }) => {
      if (
        /^insert into (page_views|page_view_months|page_view_days|referrer_views)\b/.test(query.sql)
      ) {
        statements.push({ sql: query.sql, bindings: query.bindings ?? [] });
      }
    };
    store.db.on('query', record);
    try {
      await counter.flush();
    } finally {
      store.db.removeListener('query', record);
    }
    const rowsOf = (table: string, width: number) => {
      const values = statements.filter((s) => s.sql.includes(table)).flatMap((s) => s.bindings);
      return Array.from({ length: values.length / width }, (_, i) =>
        values.slice(i * width, i * width + width - 1),
      );
    };
    const keyOrder = (a: unknown[], b: unknown[]) => {
      for (let i = 0; i < a.length; i++) {
        const [x, y] = [a[i] as string | number, b[i] as string | number];
        if (x !== y) return x < y ? -1 : 1;
      }
      return 0;
    };
    const pageKeys = rowsOf('page_views', 5);
    expect(statements.filter((s) => s.sql.includes('page_views')).length).toBeGreaterThan(1);
    expect(pageKeys).toHaveLength(130);
    expect(pageKeys).toEqual([...pageKeys].sort(keyOrder));
    // Their sums per month (13 pages in November and December) and per day, in key order too.
    const monthKeys = rowsOf('page_view_months', 6);
    expect(monthKeys).toHaveLength(26);
    expect(monthKeys).toEqual([...monthKeys].sort(keyOrder));
    const dayKeys = rowsOf('page_view_days', 2);
    expect(dayKeys).toHaveLength(10);
    expect(dayKeys).toEqual([...dayKeys].sort(keyOrder));
    expect(statements.map((s) => /^insert into (\w+)/.exec(s.sql)![1])).toEqual([
      ...Array(2).fill('page_views'),
      'page_view_months',
      'page_view_days',
      'referrer_views',
    ]);
    const hostKeys = rowsOf('referrer_views', 3);
    expect(hostKeys).toHaveLength(20);
    expect(hostKeys).toEqual([...hostKeys].sort(keyOrder));
  });

  it('drops views of an article that does not exist, and anything that is no view', async () => {
    const counter = createViewCounter({ writes: transactionPerWrite(store.db), clock: () => NOON });
    counter.add('document:987654:en', null);
    counter.add('nonsense', null);
    counter.add('privacy:0:en', null);
    await counter.flush();
    expect((await stored()).map((r) => r.page)).toEqual(['privacy']);
  });

  it('writes every few seconds once started, and what is left when stopped', async () => {
    const counter = createViewCounter({
      writes: transactionPerWrite(store.db),
      clock: () => NOON,
      flushMs: 50,
    });
    counter.start();
    counter.add('home:0:pt', null);
    for (let i = 0; i < 200 && (await stored()).length === 0; i++) {
      await new Promise((r) => setTimeout(r, 25));
    }
    expect((await stored()).map((r) => r.views)).toEqual([1]);
    counter.add('home:0:pt', null);
    await counter.stop();
    expect((await stored()).map((r) => r.views)).toEqual([2]);
  });
});
