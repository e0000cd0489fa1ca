import { describe, expect, it } from 'vitest';
import { fromLocalInput, publicationFields, scheduledInput, toLocalInput } from './schedule';

const NOW = Date.parse('2026-11-23T10:00:00Z');
const draft = { published: false, published_at: null };
const live = { published: true, published_at: '2026-11-01T09:00:00.000Z' };
const scheduled = { published: true, published_at: '2026-12-01T09:00:00.000Z' };

describe('publicationFields', () => {
  it('keeps a draft a draft', () => {
    expect(publicationFields({ published: false, schedule_at: null }, live, NOW)).toEqual({
      ok: true,
      fields: { published: false },
    });
  });

  it('publishes now: a new article, a draft or a scheduled one goes out now; a live one keeps its date', () => {
    const now = { published: true, schedule_at: null };
    expect(publicationFields(now, null, NOW)).toEqual({ ok: true, fields: { published: true } });
    for (const stored of [draft, scheduled]) {
      expect(publicationFields(now, stored, NOW)).toEqual({
        ok: true,
        fields: { published: true, published_at: null },
      });
    }
    expect(publicationFields(now, live, NOW)).toEqual({ ok: true, fields: { published: true } });
  });

  it('schedules at the chosen local time, sent as UTC', () => {
    const at = toLocalInput('2026-12-24T18:30:00.000Z');
    expect(publicationFields({ published: true, schedule_at: at }, draft, NOW)).toEqual({
      ok: true,
      fields: { published: true, published_at: '2026-12-24T18:30:00.000Z' },
    });
  });

  it('refuses a missing or past time', () => {
    expect(publicationFields({ published: true, schedule_at: '' }, null, NOW)).toEqual({
      ok: false,
      error: 'admin.schedule.invalid',
    });
    const past = toLocalInput('2026-11-23T09:00:00.000Z');
    expect(publicationFields({ published: true, schedule_at: past }, null, NOW)).toEqual({
      ok: false,
      error: 'admin.schedule.past',
    });
  });
});

describe('local times', () => {
  it('round-trips through the datetime-local form and rejects other text', () => {
    expect(fromLocalInput(toLocalInput('2026-12-24T18:30:00.000Z'))).toBe(
      '2026-12-24T18:30:00.000Z',
    );
    expect(fromLocalInput('24/12/2026 18:30')).toBeNull();
  });

  it('fills the form only for a scheduled article', () => {
    expect(scheduledInput(scheduled)).toBe(toLocalInput(scheduled.published_at));
    expect(scheduledInput(live)).toBeNull();
    expect(scheduledInput(draft)).toBeNull();
  });
});
