import { describe, expect, it } from 'vitest';
import { articleDate, formatDate, formatDateTime, formatRelativeTime } from './dates';

describe('formatDate', () => {
  it('writes day/month/year in UTC, en-GB', () => {
    expect(formatDate('2026-11-22T23:30:00.000Z')).toBe('22/11/2026');
  });

  it('gives an empty text for a missing or broken date', () => {
    expect(formatDate(null)).toBe('');
    expect(formatDate('not a date')).toBe('');
  });
});

describe('articleDate', () => {
  it('goes by the publication date, else the creation date', () => {
    const created_at = '2026-01-01T10:00:00.000Z';
    expect(articleDate({ published_at: '2026-02-03T10:00:00.000Z', created_at })).toBe(
      '2026-02-03T10:00:00.000Z',
    );
    expect(articleDate({ published_at: null, created_at })).toBe(created_at);
  });
});

describe('formatDateTime', () => {
  const iso = '2026-11-22T14:05:00.000Z';

  it('writes date and time in each language’s own style', () => {
    expect(formatDateTime(iso, 'en', 'UTC')).toBe('22/11/2026, 14:05');
    expect(formatDateTime(iso, 'pt', 'UTC')).toBe('22/11/2026, 14:05');
    expect(formatDateTime(iso, 'de', 'UTC')).toBe('22.11.2026, 14:05');
  });

  it('shows the time in the reader’s time zone, on a 24-hour clock', () => {
    expect(formatDateTime(iso, 'de', 'Europe/Berlin')).toBe('22.11.2026, 15:05');
    expect(formatDateTime('2026-07-01T23:30:00.000Z', 'en', 'Europe/Lisbon')).toBe(
      '02/07/2026, 00:30',
    );
  });

  it('gives an empty text for a missing or broken date', () => {
    expect(formatDateTime(undefined, 'en')).toBe('');
    expect(formatDateTime('soon', 'pt')).toBe('');
  });
});

describe('formatRelativeTime', () => {
  const now = new Date('2026-11-22T14:05:00.000Z');
  const at = (ms: number) => new Date(now.getTime() + ms).toISOString();
  const MIN = 60_000;
  const HOUR = 60 * MIN;
  const DAY = 24 * HOUR;

  it('says how long ago, in whole units, in English', () => {
    expect(formatRelativeTime(at(-20_000), now, 'en')).toBe('now');
    expect(formatRelativeTime(at(-MIN), now, 'en')).toBe('1 minute ago');
    expect(formatRelativeTime(at(-59 * MIN), now, 'en')).toBe('59 minutes ago');
    expect(formatRelativeTime(at(-(2 * HOUR + 59 * MIN)), now, 'en')).toBe('2 hours ago');
    expect(formatRelativeTime(at(-(23 * HOUR + 59 * MIN)), now, 'en')).toBe('23 hours ago');
    expect(formatRelativeTime(at(-DAY), now, 'en')).toBe('yesterday');
    expect(formatRelativeTime(at(-3 * DAY), now, 'en')).toBe('3 days ago');
    expect(formatRelativeTime(at(-65 * DAY), now, 'en')).toBe('2 months ago');
    expect(formatRelativeTime(at(-400 * DAY), now, 'en')).toBe('last year');
  });

  it('looks ahead too (a reply deadline)', () => {
    expect(formatRelativeTime(at(3 * HOUR + 10 * MIN), now, 'en')).toBe('in 3 hours');
    expect(formatRelativeTime(at(40 * MIN), now, 'en')).toBe('in 40 minutes');
  });

  it('speaks European Portuguese and German', () => {
    expect(formatRelativeTime(at(-5 * HOUR), now, 'pt')).toBe('há 5 horas');
    expect(formatRelativeTime(at(-5 * HOUR), now, 'de')).toBe('vor 5 Stunden');
    expect(formatRelativeTime(at(2 * HOUR), now, 'de')).toBe('in 2 Stunden');
    expect(formatRelativeTime(at(-DAY), now, 'de')).toBe('gestern');
    expect(formatRelativeTime(at(-10_000), now, 'pt')).toBe('agora');
  });

  it('gives an empty text for a missing or broken date', () => {
    expect(formatRelativeTime(null, now, 'en')).toBe('');
    expect(formatRelativeTime('later', now, 'de')).toBe('');
  });
});
