import { describe, expect, it } from 'vitest';
import { articleDate, formatDate, formatDateTime } from './dates';

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
