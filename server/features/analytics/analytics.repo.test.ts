import type { Knex } from 'knex';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { utcDay, windowStart } from '#shared/day-series';
import type { Language } from '#shared/languages';
import {
  postgresAvailable,
  postgresUnavailable,
  startPostgres,
  type TestPostgres,
} from '../../../tests/support/postgres';
import { createTestDb } from '../../../tests/support/test-app';
import { createContentVersion } from '../../content-version';
import { transactionPerWrite } from '../../db/group-commit';
import { translator } from '../../i18n';
import { createNewsService } from '../news/news.service';
import { createAnalyticsRepo, firstMonthBy, firstWholeMonth } from './analytics.repo';
import { createAnalyticsService } from './analytics.service';
import { createViewCounter } from './view-counter';

/**
 * The report's reads: at years of views (a million rows and more) a
 * period reads its first month's days from `page_views` and every later
 * month's sums from `page_view_months`, never the years before it, and
 * answers what a plain sum of `page_views` over the period answers.
 */
let store: Awaited<ReturnType<typeof createTestDb>>;
const DAY_MS = 24 * 60 * 60 * 1000;

/** Two articles public since before the views counted here; answers their ids. */
async function articles(db: Knex): Promise<number[]> {
  const news = createNewsService({ db, content: createContentVersion() });
  const ids: number[] = [];
  for (const slug of ['welding-cells', 'laser-cutting']) {
    const article = await news.create({
      title: `About ${slug}`,
      excerpt: 'What the cell does.',
      content: 'The cell welds a frame in four minutes.',
      category: 'Automation',
      slug,
      published: true,
      published_at: '2025-01-01T09:00:00.000Z',
    });
    ids.push(article.id);
  }
  return ids;
}

beforeAll(async () => {
  store = await createTestDb();
});
afterAll(() => store.destroy());

/** SQLite's plan of every statement `read` runs, one line per step. */
async function plansOf(read: () => Promise<unknown>): Promise<string[][]> {
  const statements: { sql: string; bindings: readonly Knex.RawBinding[] }[] = [];
  const record = (q: { sql: string; bindings?: readonly Knex.RawBinding[] }) =>
    statements.push({ sql: q.sql, bindings: q.bindings ?? [] });
  store.db.on('query', record);
  try {
    await read();
  } finally {
    store.db.removeListener('query', record);
  }
  const plans: string[][] = [];
  for (const { sql, bindings } of statements) {
    const steps = (await store.db.raw(`explain query plan ${sql}`, bindings)) as {
      detail: string;
    }[];
    plans.push(steps.map((s) => s.detail));
  }
  return plans;
}

describe('the report’s reads', () => {
  it('read a range of days and of months, never every row or index entry kept', async () => {
    const repo = createAnalyticsRepo(store.db);
    // From the 28th: the month's last days one by one; from the 3rd: the month less its first two;
    // from the 16th: less its first fifteen, summed apart.
    for (const from of ['2025-11-28', '2025-11-03', '2025-11-16']) {
      const pages = (await plansOf(() => repo.pages(from))).flat();
      const perDay = (await plansOf(() => repo.viewsPerDay(from))).flat();
      const reads = [...pages, ...perDay].filter((s) => /\bpage_view(s|_months|_days)\b/.test(s));
      expect(reads).toHaveLength(3);
      // A range each (SEARCH … >?), none read whole (SCAN).
      for (const read of reads) expect(read).toMatch(/^SEARCH .*\((day|month)>\?/);
      expect(pages.find((s) => /\bpage_views\b/.test(s))).toMatch(
        /USING COVERING INDEX page_views_by_day_index \(day>\? AND day<\?\)/,
      );
    }
  });

  it('sum a week of days or more in a statement of their own, beside the months', async () => {
    const repo = createAnalyticsRepo(store.db);
    const reads = async (from: string) =>
      (await plansOf(() => repo.pages(from))).map((steps) =>
        steps.flatMap((s) => /\bpage_view(s|_months)\b/.exec(s)?.[0] ?? []),
      );
    // From the 16th: the month less its first fifteen days; from the 17th of a 31-day month, its
    // last fifteen; from the 8th, the month less seven: each statement reads one table.
    for (const from of ['2025-12-16', '2025-12-17', '2025-12-08', '2025-11-24']) {
      expect([from, await reads(from)]).toEqual([from, [['page_view_months'], ['page_views']]]);
    }
    // Fewer days (none from a month's first) are summed with the months, in one statement.
    for (const from of ['2025-12-07', '2025-11-25', '2025-11-28', '2025-12-02', '2025-12-01']) {
      expect([from, await reads(from)]).toEqual([from, [['page_view_months', 'page_views']]]);
    }
  });

  it('start the months read whole at the first one the period holds from its first day', () => {
    expect(firstWholeMonth('2026-03-01')).toBe('2026-03');
    expect(firstWholeMonth('2026-03-02')).toBe('2026-04');
    expect(firstWholeMonth('2025-12-31')).toBe('2026-01');
  });

  it('sum at most half a month of days one by one', () => {
    expect(firstMonthBy('2026-03-02')).toBe('rest');
    expect(firstMonthBy('2026-03-16')).toBe('rest');
    expect(firstMonthBy('2026-03-17')).toBe('days');
    expect(firstMonthBy('2026-02-15')).toBe('days');
    expect(firstMonthBy('2026-02-14')).toBe('rest');
    expect(firstMonthBy('2026-04-16')).toBe('days');
  });
});

const reportTitle = (store: string) =>
  store === 'PostgreSQL' && !postgresAvailable
    ? `the report on PostgreSQL (skipped: ${postgresUnavailable})`
    : `the report on ${store}`;

describe.each(['SQLite', 'PostgreSQL'])('%s', (name) => {
  const pg = name === 'PostgreSQL';
  let server: TestPostgres | null = null;
  let t: { db: Knex; ids: number[]; destroy(): Promise<void> };
  beforeAll(async () => {
    if (pg && !postgresAvailable) return;
    server = pg ? await startPostgres() : null;
    const opened = await createTestDb({ databaseUrl: server?.url });
    t = { ...opened, ids: await articles(opened.db) };
  });
  afterAll(async () => {
    await t?.destroy();
    await server?.stop();
  });

  describe.skipIf(pg && !postgresAvailable)(reportTitle(name), () => {
    /** Each page's sums per language from `from` on, by a plain sum of the days. */
    async function plainPages(from: string) {
      const rows = (await t
        .db('page_views')
        .where('day', '>=', from)
        .select('page', 'document_id', 'language')
        .sum({ views: 'views', enquiries: 'enquiries' })
        .groupBy('page', 'document_id', 'language')) as Record<string, unknown>[];
      return rows
        .map((r) => ({
          page: String(r.page),
          id: Number(r.document_id),
          language: String(r.language),
          views: Number(r.views),
          enquiries: Number(r.enquiries),
        }))
        .sort(byKey);
    }
    const byKey = (
      a: { page: string; id: number; language: string },
      b: { page: string; id: number; language: string },
    ) => a.page.localeCompare(b.page) || a.id - b.id || a.language.localeCompare(b.language);

    it('answers what a plain sum of the days answers, for periods starting anywhere in a month', async () => {
      // 14 months of views, written as the counter writes them; pages read on some days only.
      const first = Date.parse('2025-10-01T12:00:00Z');
      let now = first;
      const counter = createViewCounter({ writes: transactionPerWrite(t.db), clock: () => now });
      const tags = [
        'home:0:en',
        'news:0:pt',
        `document:${t.ids[0]}:en`,
        `document:${t.ids[0]}:de`,
        `document:${t.ids[1]}:pt`,
      ];
      for (let d = 0; d < 423; d++) {
        now = first + d * DAY_MS;
        tags.forEach((tag, i) => {
          if ((d + i) % (i + 2) === 0) return;
          for (let n = 0; n < 1 + ((d * 7 + i) % 5); n++) counter.add(tag, null);
        });
        if (d % 30 === 29) await counter.flush();
      }
      await counter.flush();
      // Enquiries counted and taken off in their days' transactions: one day left with 0 and 0.
      const repo = createAnalyticsRepo(t.db);
      const enquiry = (day: string, change: 1 | -1, id = t.ids[1]!, language: Language = 'de') =>
        t.db.transaction((trx) =>
          change === 1
            ? repo.addEnquiry(trx, day, id, language)
            : repo.removeEnquiry(trx, day, id, language),
        );
      for (const day of ['2025-10-01', '2025-10-31', '2026-02-28', '2026-02-28', '2026-11-27']) {
        await enquiry(day, 1);
      }
      await enquiry('2026-02-28', -1);
      await enquiry('2026-11-27', -1);
      await enquiry('2026-11-27', -1); // never below 0
      await enquiry('2026-06-15', 1, t.ids[0]!);
      // A page with a day early in a month only: left out of a period from later that month.
      await enquiry('2026-06-01', 1, t.ids[0]!, 'pt');
      // A page with a day late in a month only: a period from that month lists it, named, when its
      // days are summed apart from the months too.
      await enquiry('2026-06-20', 1, t.ids[1]!, 'en');

      const starts = [
        '2025-09-30',
        '2025-10-01',
        '2025-10-02',
        '2025-10-31',
        '2025-11-01',
        '2026-02-01',
        '2026-02-28',
        '2026-03-01',
        '2026-06-02',
        '2026-06-07',
        '2026-06-08',
        '2026-06-15',
        '2026-06-16',
        '2026-06-20',
        '2026-06-21',
        '2026-06-24',
        '2026-06-25',
        '2026-07-16',
        '2026-07-17',
        '2026-11-26',
        '2026-11-27',
        '2026-11-28',
      ];
      for (const from of starts) {
        const pages = (await repo.pages(from)).map(({ page, id, language, views, enquiries }) => ({
          page: String(page),
          id,
          language: String(language),
          views,
          enquiries,
        }));
        expect([from, pages.sort(byKey)]).toEqual([from, await plainPages(from)]);
        const days = (await t
          .db('page_views')
          .where('day', '>=', from)
          .select('day')
          .sum({ n: 'views' })
          .groupBy('day')) as { day: string; n: unknown }[];
        const perDay = [...(await repo.viewsPerDay(from))].filter(([, n]) => n > 0);
        expect(new Map(perDay)).toEqual(
          new Map(days.filter((r) => Number(r.n) > 0).map((r) => [r.day, Number(r.n)])),
        );
      }
      for (const from of ['2026-06-07', '2026-06-08', '2026-06-16', '2026-06-20']) {
        expect([
          from,
          (await repo.pages(from)).find((r) => r.id === t.ids[1] && r.language === 'en'),
        ]).toMatchObject([from, { views: 0, enquiries: 1, document: { slug: 'laser-cutting' } }]);
      }
      // A day with 0 views and 0 enquiries still lists its page, as a plain sum does.
      expect(
        (await repo.pages('2026-11-27')).find((r) => r.id === t.ids[1] && r.language === 'de'),
      ).toMatchObject({ views: 0, enquiries: 0 });

      // Through the service, for each period the admin offers, ending on days around month ends.
      for (const today of ['2026-11-27', '2026-03-01', '2026-02-28', '2026-01-31', '2025-12-01']) {
        const clock = () => Date.parse(`${today}T15:00:00Z`);
        const service = createAnalyticsService({
          db: t.db,
          writes: transactionPerWrite(t.db),
          clock,
        });
        for (const days of [1, 7, 30, 90, 365]) {
          const report = await service.report({ days: String(days) }, translator('en'));
          const from = utcDay(windowStart(new Date(clock()), days));
          const plain = await plainPages(from);
          const sum = (rows: { views: number; enquiries: number }[]) =>
            rows.reduce((s, r) => [s[0]! + r.views, s[1]! + r.enquiries], [0, 0]);
          expect([today, days, sum(report.pages)]).toEqual([today, days, sum(plain)]);
          expect(report.pages.length).toBe(new Set(plain.map((r) => `${r.page}:${r.id}`)).size);
          for (const { language, views } of report.languages) {
            const plainViews = plain
              .filter((r) => r.language === language)
              .reduce((n, r) => n + r.views, 0);
            expect([today, days, language, views]).toEqual([today, days, language, plainViews]);
          }
        }
      }
    });
  });
});
