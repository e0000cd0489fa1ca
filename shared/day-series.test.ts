import { describe, expect, it } from 'vitest';
import { addDays, daySeries, dayStart, perDay, zoneDay } from './day-series';

const at = (iso: string) => Date.parse(iso);

describe('the company’s days', () => {
  it('are the days its clocks show: 00:30 on 1 August in Lisbon is 1 August, not 31 July', () => {
    expect(zoneDay(at('2026-07-31T23:30:00Z'), 'Europe/Lisbon')).toBe('2026-08-01');
    expect(zoneDay(at('2026-07-31T23:30:00Z'), 'UTC')).toBe('2026-07-31');
    expect(zoneDay(at('2026-11-27T23:30:00Z'), 'Europe/Berlin')).toBe('2026-11-28');
    expect(zoneDay(at('2026-11-28T04:30:00Z'), 'America/New_York')).toBe('2026-11-27');
  });

  it('begin at their midnight there, a day of 23 hours when the clocks go forward, of 25 when they go back', () => {
    const hours = (day: string, zone: string) =>
      (dayStart(addDays(day, 1), zone) - dayStart(day, zone)) / 3_600_000;
    expect(new Date(dayStart('2026-08-01', 'Europe/Lisbon')).toISOString()).toBe(
      '2026-07-31T23:00:00.000Z',
    );
    expect(hours('2026-03-29', 'Europe/Lisbon')).toBe(23);
    expect(hours('2026-10-25', 'Europe/Lisbon')).toBe(25);
    expect(hours('2026-10-26', 'Europe/Lisbon')).toBe(24);
    expect(hours('2026-03-29', 'Europe/Berlin')).toBe(23);
    // Where the clocks go forward at midnight, the day begins at 01:00 (São Paulo, 2018).
    expect(new Date(dayStart('2018-11-04', 'America/Sao_Paulo')).toISOString()).toBe(
      '2018-11-04T03:00:00.000Z',
    );
    expect(zoneDay(dayStart('2018-11-04', 'America/Sao_Paulo') - 1, 'America/Sao_Paulo')).toBe(
      '2018-11-03',
    );
  });

  it('follow one another by the calendar, across months, years and leap days', () => {
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28');
    expect(addDays('2028-03-01', -1)).toBe('2028-02-29');
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(addDays('2026-10-25', 1)).toBe('2026-10-26');
  });
});

describe('a series of days', () => {
  it('holds every day of the window ending on the last, oldest first, days without counts as 0', () => {
    const counted = new Map([
      ['2026-10-24', 2],
      ['2026-10-26', 5],
    ]);
    expect(daySeries(counted, '2026-10-26', 3)).toEqual([
      { date: '2026-10-24', count: 2 },
      { date: '2026-10-25', count: 0 },
      { date: '2026-10-26', count: 5 },
    ]);
    expect(perDay(counted, new Date('2026-10-26T23:59:00Z'), 2)).toEqual([
      { date: '2026-10-25', count: 0 },
      { date: '2026-10-26', count: 5 },
    ]);
  });
});
