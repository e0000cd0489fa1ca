import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestDb } from '../../../tests/support/test-app';
import { createContentVersion } from '../../content-version';
import { transactionPerWrite } from '../../db/group-commit';
import { translator } from '../../i18n';
import { createNewsService } from '../news/news.service';
import { createAnalyticsService } from './analytics.service';
import { viewTag } from './view-tag';

/**
 * The report's days are the company's (settings `reply_time_zone`): the
 * period ends today there, and an enquiry counts on the day it arrived
 * there, across the days of 23 and 25 hours where the clocks change.
 */
let store: Awaited<ReturnType<typeof createTestDb>>;
let articleId: number;

beforeAll(async () => {
  store = await createTestDb();
  const article = await createNewsService({ db: store.db, content: createContentVersion() }).create(
    {
      title: 'Welding cells in practice',
      excerpt: 'How a cell welds a frame.',
      content: 'The cell welds a frame in four minutes.',
      category: 'Automation',
      slug: 'welding-cells',
      published: true,
      published_at: '2026-01-01T09:00:00.000Z',
    },
  );
  articleId = article.id;
});
afterAll(() => store.destroy());
beforeEach(async () => {
  for (const table of ['page_views', 'page_view_months', 'page_view_days', 'referrer_views'])
    await store.db(table).delete();
});

const BROWSER = { 'user-agent': 'Mozilla/5.0 (X11; Linux x86_64) Firefox/133.0' };

/** The service in Lisbon at the moment `now` holds. */
function inLisbon(now: { at: number }) {
  return createAnalyticsService({
    db: store.db,
    writes: transactionPerWrite(store.db),
    clock: () => now.at,
    timeZone: { get: () => 'Europe/Lisbon', refresh: async () => undefined },
  });
}

describe('the report’s days', () => {
  it('end today in Lisbon: at 00:30 there on 1 August (23:30 UTC on 31 July) the last day is 1 August', async () => {
    const now = { at: Date.parse('2026-07-31T23:30:00Z') };
    const analytics = inLisbon(now);
    analytics.countRendered(viewTag({ page: 'document', id: articleId }, 'pt'), {
      method: 'GET',
      headers: BROWSER,
    });
    await store.db.transaction((trx) =>
      analytics.countEnquiry(trx, articleId, 'pt', new Date(now.at)),
    );
    const report = await analytics.report({ days: '7' }, translator('en'));
    expect(report.time_zone).toBe('Europe/Lisbon');
    expect(report.views.map((d) => d.date)).toEqual([
      '2026-07-26',
      '2026-07-27',
      '2026-07-28',
      '2026-07-29',
      '2026-07-30',
      '2026-07-31',
      '2026-08-01',
    ]);
    expect(report.views.at(-1)).toEqual({ date: '2026-08-01', count: 1 });
    expect(report.pages).toMatchObject([{ id: articleId, views: 1, enquiries: 1 }]);
    const days = await store.db('page_views').select('day');
    expect(days.map((r) => r.day)).toEqual(['2026-08-01']);
    expect((await store.db('page_view_months').select('month')).map((r) => r.month)).toEqual([
      '2026-08',
    ]);
  });

  it('hold an enquiry at 23:30 on the day the clocks went back, and start a period after midnight', async () => {
    // 25 October 2026 in Lisbon: 25 hours, 23:00 UTC on the 24th to 00:00 UTC on the 26th.
    const now = { at: Date.parse('2026-10-25T23:30:00Z') };
    const analytics = inLisbon(now);
    await store.db.transaction((trx) =>
      analytics.countEnquiry(trx, articleId, 'de', new Date('2026-10-24T23:10:00Z')),
    );
    const report = await analytics.report({ days: '1' }, translator('en'));
    expect(report.views.map((d) => d.date)).toEqual(['2026-10-25']);
    expect(report.pages).toMatchObject([{ id: articleId, enquiries: 1 }]);
    // 29 March 2026: 23 hours; 23:30 UTC is already the 30th.
    now.at = Date.parse('2026-03-29T23:30:00Z');
    expect(
      (await analytics.report({ days: '2' }, translator('en'))).views.map((d) => d.date),
    ).toEqual(['2026-03-29', '2026-03-30']);
  });
});
