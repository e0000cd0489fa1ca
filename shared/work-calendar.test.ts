import { describe, expect, it } from 'vitest';
import {
  easterSunday,
  holidaysOf,
  isHolidayRule,
  isTimeZone,
  PORTUGAL_HOLIDAYS,
  promiseEnds,
  type WorkCalendar,
} from './work-calendar';

const lisbon: WorkCalendar = {
  workingDays: true,
  timeZone: 'Europe/Lisbon',
  holidays: PORTUGAL_HOLIDAYS,
};
const due = (from: string, calendar = lisbon, hours = 24) =>
  promiseEnds(new Date(from), hours, calendar).toISOString();

describe('the working calendar', () => {
  it('knows Easter and the Portuguese holidays that move with it', () => {
    expect(easterSunday(2026).toISOString().slice(0, 10)).toBe('2026-04-05');
    expect(easterSunday(2027).toISOString().slice(0, 10)).toBe('2027-03-28');
    const days = [...holidaysOf(PORTUGAL_HOLIDAYS, 2026)].sort();
    expect(days).toEqual([
      '2026-01-01',
      '2026-04-03', // Good Friday
      '2026-04-05', // Easter
      '2026-04-25',
      '2026-05-01',
      '2026-06-04', // Corpus Christi
      '2026-06-10',
      '2026-08-15',
      '2026-10-05',
      '2026-11-01',
      '2026-12-01',
      '2026-12-08',
      '2026-12-25',
    ]);
    expect([...holidaysOf(['2027-12-24', '12-31'], 2026)]).toEqual(['2026-12-31']);
  });

  it('accepts only rules that name a real day, and zones Intl knows', () => {
    for (const rule of ['12-25', '02-29', '2026-12-24', 'easter', 'easter-2', 'easter+60'])
      expect(isHolidayRule(rule), rule).toBe(true);
    for (const rule of ['13-01', '02-30', '2026-02-29', 'Easter', 'easter+', '25/12', ''])
      expect(isHolidayRule(rule), rule).toBe(false);
    expect(isTimeZone('Europe/Lisbon')).toBe(true);
    expect(isTimeZone('Mars/Olympus')).toBe(false);
  });

  it('counts 24 hours straight through when the working-days rule is off', () => {
    const off = { ...lisbon, workingDays: false };
    expect(due('2026-11-27T20:00:00.000Z', off)).toBe('2026-11-28T20:00:00.000Z');
  });

  it('makes a Friday evening enquiry due on Monday evening, and a Saturday one on Tuesday', () => {
    // Friday 27 November 2026, 20:00 in Lisbon (UTC in winter).
    expect(due('2026-11-27T20:00:00.000Z')).toBe('2026-11-30T20:00:00.000Z');
    expect(due('2026-11-28T10:00:00.000Z')).toBe('2026-12-01T00:00:00.000Z');
    // A Monday enquiry is due on Tuesday at the same time; on Wednesday when Tuesday is 1 December.
    expect(due('2026-11-23T09:15:00.000Z')).toBe('2026-11-24T09:15:00.000Z');
    expect(due('2026-11-30T09:15:00.000Z')).toBe('2026-12-02T09:15:00.000Z');
  });

  it('skips holidays, and counts days in the company’s zone across a clock change', () => {
    // Thursday 24 Dec 2026, 18:00 Lisbon: Christmas (Friday) and the weekend do not count.
    expect(due('2026-12-24T18:00:00.000Z')).toBe('2026-12-28T18:00:00.000Z');
    // Friday 27 March 2026, 20:00 Lisbon (UTC): summer time starts on Sunday; due Monday 20:00 WEST.
    expect(due('2026-03-27T20:00:00.000Z')).toBe('2026-03-30T19:00:00.000Z');
    // Berlin: Friday 20:00 CET is 19:00 UTC; due Monday 20:00 CET.
    const berlin = { ...lisbon, timeZone: 'Europe/Berlin' };
    expect(due('2026-11-27T19:00:00.000Z', berlin)).toBe('2026-11-30T19:00:00.000Z');
  });

  it('counts the day that begins after a midnight the clocks skip', () => {
    // São Paulo, 2018: the clocks went from 00:00 to 01:00 on Sunday 4 November; holidays aside.
    const saoPaulo = { ...lisbon, timeZone: 'America/Sao_Paulo', holidays: [] };
    // Friday 2 November, 20:00 (-03:00): due Monday 20:00 (-02:00).
    expect(due('2018-11-02T23:00:00.000Z', saoPaulo)).toBe('2018-11-05T22:00:00.000Z');
    // Saturday 3 November, 10:00: due at the end of Monday, Tuesday 00:00 (-02:00).
    expect(due('2018-11-03T13:00:00.000Z', saoPaulo)).toBe('2018-11-06T02:00:00.000Z');
  });

  it('gives up within a bounded walk when no day is ever worked', () => {
    const never = { ...lisbon, holidays: Array.from({ length: 12 }, (_, m) => `easter+${m}`) };
    const everyDay = {
      ...lisbon,
      holidays: [...Array(366).keys()].map((n) => `easter${n < 180 ? '-' : '+'}${n % 180}`),
    };
    expect(() => due('2026-11-27T20:00:00.000Z', never)).not.toThrow();
    expect(Date.parse(due('2026-11-27T20:00:00.000Z', everyDay))).toBeGreaterThan(
      Date.parse('2026-11-27T20:00:00.000Z'),
    );
  });
});
