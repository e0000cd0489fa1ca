import { describe, expect, it } from 'vitest';
import { lastDays, perDay, statsDays } from './contact-stats';

const today = new Date('2025-03-15T10:00:00.000Z');

describe('contact statistics', () => {
  it('has 30 days ending today, each from its midnight in the zone', () => {
    const { dates, bounds } = statsDays(today, 'UTC');
    expect(dates).toHaveLength(30);
    expect(dates[0]).toBe('2025-02-14');
    expect(dates.at(-1)).toBe('2025-03-15');
    expect(bounds).toHaveLength(31);
    expect(bounds[0]).toBe('2025-02-14T00:00:00.000Z');
    expect(bounds.at(-1)).toBe('2025-03-16T00:00:00.000Z');
  });

  it('goes by the company’s midnight: Lisbon’s summer days begin at 23:00 UTC', () => {
    const { dates, bounds } = statsDays(new Date('2026-07-31T23:30:00.000Z'), 'Europe/Lisbon', 2);
    expect(dates).toEqual(['2026-07-31', '2026-08-01']);
    expect(bounds).toEqual([
      '2026-07-30T23:00:00.000Z',
      '2026-07-31T23:00:00.000Z',
      '2026-08-01T23:00:00.000Z',
    ]);
  });

  it("puts each day's count on its date, zero-filled, and sums the last 7 days", () => {
    const { dates } = statsDays(today, 'UTC');
    const counts = Array.from({ length: 30 }, () => 0);
    counts[29] = 2;
    counts[23] = 1;
    counts[22] = 1;
    const series = perDay(dates, counts);
    expect(series.find((d) => d.date === '2025-03-15')?.count).toBe(2);
    expect(series[0]).toEqual({ date: '2025-02-14', count: 0 });
    expect(series.reduce((s, d) => s + d.count, 0)).toBe(4);
    expect(lastDays(series)).toBe(3);
  });
});
