import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestDb } from '../../../tests/support/test-app';
import { transactionPerWrite } from '../../db/group-commit';
import { createViewCounter } from './view-counter';

/**
 * Views are counted on the company's days (settings `reply_time_zone`,
 * where its days begin and end), not on UTC days: days of 23 and 25 hours
 * where the clocks change, and a change of the setting followed at the
 * next write.
 */
let store: Awaited<ReturnType<typeof createTestDb>>;

beforeAll(async () => {
  store = await createTestDb();
});
afterAll(() => store.destroy());
beforeEach(async () => {
  await store.db('page_views').delete();
  await store.db('referrer_views').delete();
  await store.db('page_view_days').delete();
});

const perDay = async () =>
  (await store.db('page_view_days').orderBy('day').select('day', 'views')).map((r) => [
    String(r.day),
    Number(r.views),
  ]);

/**
 * A counter on the zone `setting` names, known as of its last reading
 * (as the settings' snapshot is), and a view at a moment (`view`).
 */
function counterIn(setting: { current: string }) {
  let now = 0;
  let refreshed = 0;
  let known = setting.current;
  const counter = createViewCounter({
    writes: transactionPerWrite(store.db),
    clock: () => now,
    timeZone: {
      get: () => known,
      refresh: async () => {
        known = setting.current;
        refreshed++;
      },
    },
  });
  return {
    counter,
    refreshed: () => refreshed,
    view(iso: string) {
      now = Date.parse(iso);
      counter.add('home:0:en', 'linkedin.com');
    },
  };
}

describe('the view counter’s days', () => {
  it('are Lisbon’s: 00:30 on 1 August there (23:30 UTC on 31 July) counts on 1 August', async () => {
    const { view, counter } = counterIn({ current: 'Europe/Lisbon' });
    view('2026-07-31T22:59:59Z'); // 23:59:59 in Lisbon
    view('2026-07-31T23:30:00Z'); // 00:30 in Lisbon
    await counter.flush();
    expect(await perDay()).toEqual([
      ['2026-07-31', 1],
      ['2026-08-01', 1],
    ]);
    expect(
      (await store.db('referrer_views').orderBy('day').select('day')).map((r) => r.day),
    ).toEqual(['2026-07-31', '2026-08-01']);
  });

  it('last 25 hours when the clocks go back and 23 when they go forward', async () => {
    const { view, counter } = counterIn({ current: 'Europe/Lisbon' });
    // 25 October 2026 began at 23:00 UTC the day before (summer time) and ends at 00:00 UTC.
    view('2026-10-24T23:00:00Z');
    view('2026-10-25T23:30:00Z'); // 23:30 in Lisbon, winter time: still the 25th
    view('2026-10-26T00:00:00Z'); // midnight: the 26th
    // 29 March 2026 began at 00:00 UTC (winter time) and ends at 23:00 UTC (summer time).
    view('2026-03-29T22:59:00Z');
    view('2026-03-29T23:30:00Z'); // 00:30 on the 30th in Lisbon
    await counter.flush();
    expect(await perDay()).toEqual([
      ['2026-03-29', 1],
      ['2026-03-30', 1],
      ['2026-10-25', 2],
      ['2026-10-26', 1],
    ]);
  });

  it('follow a change of the zone from the next write on, reading the setting again before each', async () => {
    const zone = { current: 'Europe/Lisbon' };
    const { view, counter, refreshed } = counterIn(zone);
    view('2026-11-27T23:30:00Z'); // 23:30 in Lisbon
    await counter.flush();
    expect(refreshed()).toBe(1);
    zone.current = 'Europe/Berlin';
    view('2026-11-27T23:31:00Z'); // counted before the next write read the setting: Lisbon's day
    await counter.flush();
    view('2026-11-27T23:32:00Z'); // 00:32 in Berlin
    await counter.flush();
    expect(await perDay()).toEqual([
      ['2026-11-27', 2],
      ['2026-11-28', 1],
    ]);
  });
});
