import { describe, expect, it } from 'vitest';
import { formatRelativeTime } from './relative-time';

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
