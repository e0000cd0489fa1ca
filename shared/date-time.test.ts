import { describe, expect, it } from 'vitest';
import { formatDay } from './date-time';

describe('formatDay', () => {
  it('writes a calendar day as each language does, the same day in any zone', () => {
    expect(formatDay('2026-11-27', 'en')).toBe('27/11/2026');
    expect(formatDay('2026-11-27', 'pt')).toBe('27/11/2026');
    expect(formatDay('2026-11-27', 'de')).toBe('27.11.2026');
    expect(formatDay('2026-01-01', 'de')).toBe('01.01.2026');
  });

  it('is empty for anything that is not a day', () => {
    expect(formatDay('', 'en')).toBe('');
    expect(formatDay('2026-11-27T10:00:00Z', 'en')).toBe('');
    expect(formatDay('2026-13-45', 'en')).toBe('');
  });
});
