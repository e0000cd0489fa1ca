import { describe, expect, it } from 'vitest';
import { lastDays, perDay, windowStart } from './contact-stats';

const today = new Date('2025-03-15T10:00:00.000Z');

describe('contact statistics', () => {
  it('starts the 30-day window at midnight UTC 29 days back', () => {
    expect(windowStart(today).toISOString()).toBe('2025-02-14T00:00:00.000Z');
  });

  it('has one zero-filled entry per day, oldest first, ending today', () => {
    const series = perDay(new Map(), today);
    expect(series).toHaveLength(30);
    expect(series[0]).toEqual({ date: '2025-02-14', count: 0 });
    expect(series.at(-1)).toEqual({ date: '2025-03-15', count: 0 });
  });

  it("puts each day's count on its date and leaves out days outside the window", () => {
    const series = perDay(
      new Map([
        ['2025-03-15', 2],
        ['2025-03-09', 1],
        ['2025-03-08', 1],
        ['2025-02-13', 7],
      ]),
      today,
    );
    expect(series.find((d) => d.date === '2025-03-15')?.count).toBe(2);
    expect(series.reduce((s, d) => s + d.count, 0)).toBe(4);
    expect(lastDays(series)).toBe(3);
  });
});
