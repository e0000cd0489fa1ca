import { describe, expect, it } from 'vitest';
import {
  LANGUAGE_FILTERS,
  languageOf,
  languageQuery,
  statusOf,
  statusQuery,
} from './article-list-filters';

describe('the News tab filters and the query they ask for', () => {
  it('turn each status choice into `published` and back', () => {
    for (const status of ['all', 'published', 'draft'] as const) {
      expect(statusOf(statusQuery(status))).toBe(status);
    }
    expect(statusQuery('draft')).toEqual({ published: false });
    expect(statusQuery('all')).toEqual({ published: undefined });
  });

  it('turn each language choice into `missing` or `outdated` and back, one at a time', () => {
    for (const filter of LANGUAGE_FILTERS) expect(languageOf(languageQuery(filter))).toBe(filter);
    expect(languageQuery('missing')).toEqual({ missing: 'any', outdated: undefined });
    expect(languageQuery('missing-pt')).toEqual({ missing: 'pt', outdated: undefined });
    expect(languageQuery('outdated')).toEqual({ missing: undefined, outdated: true });
    expect(languageQuery('all')).toEqual({ missing: undefined, outdated: undefined });
  });
});
