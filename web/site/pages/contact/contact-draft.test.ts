// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { DRAFT_START_MAX_AGE_MS, keepContactDraft, readContactDraft } from './contact-draft';

afterEach(() => window.sessionStorage.clear());

const NOW = Date.parse('2025-03-02T12:00:00.000Z');
const values = { name: 'Ana Silva', email: 'ana@example.pt', company: '', message: 'Hello there!' };
/** A draft as an earlier version of the page kept it (the text alone), or with `extra`. */
const stored = (extra: Record<string, unknown> = {}) =>
  window.sessionStorage.setItem('contactDraft', JSON.stringify({ ...values, ...extra }));

describe('the contact draft keeps when the visitor began it', () => {
  it('gives back the text with the start it was kept with', () => {
    keepContactDraft(values, NOW - 20_000);
    expect(readContactDraft(NOW)).toEqual({ values, startedAt: NOW - 20_000 });
  });

  it('keeps an unknown start unknown rather than making one up', () => {
    keepContactDraft(values, null);
    expect(readContactDraft(NOW)).toEqual({ values, startedAt: null });
  });

  it('reads a draft kept without a start (before starts were kept) as begun at an unknown time', () => {
    stored();
    expect(readContactDraft(NOW)).toEqual({ values, startedAt: null });
    stored({ startedAt: 'yesterday' });
    expect(readContactDraft(NOW)?.startedAt).toBeNull();
  });

  it('takes no start still to come: a fill time from it would be tiny or negative', () => {
    stored({ startedAt: NOW + 5_000 });
    expect(readContactDraft(NOW)?.startedAt).toBeNull();
    stored({ startedAt: NOW });
    expect(readContactDraft(NOW)?.startedAt).toBe(NOW);
  });

  it('brings a start older than a day forward to a day ago', () => {
    stored({ startedAt: NOW - 9 * DRAFT_START_MAX_AGE_MS });
    expect(readContactDraft(NOW)?.startedAt).toBe(NOW - DRAFT_START_MAX_AGE_MS);
  });

  it('forgets the text and its start once every field is empty', () => {
    keepContactDraft(values, NOW);
    keepContactDraft({ name: '', email: '', company: '', message: '' }, NOW);
    expect(window.sessionStorage.getItem('contactDraft')).toBeNull();
    expect(readContactDraft(NOW)).toBeNull();
  });
});
