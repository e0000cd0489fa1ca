import { describe, expect, it } from 'vitest';
import type { Article } from '#shared/news';
import { hasOutdated, matchesLanguage } from './useArticleFilters';

const base: Article = {
  id: 1,
  title: 'T',
  excerpt: 'E',
  content: 'C',
  category: 'Robotics',
  slug: 't',
  image_url: null,
  image_alt: null,
  seo_title: null,
  seo_description: null,
  social_image: null,
  published: true,
  published_at: null,
  created_at: '2025-01-01T00:00:00.000Z',
  updated_at: '2025-01-02T00:00:00.000Z',
  language: 'en',
  source_language: 'en',
  languages: ['en'],
  translations: {},
};
const translation = (outdated: boolean) => ({
  title: 't',
  excerpt: 'e',
  content: 'c',
  image_alt: null,
  seo_title: null,
  seo_description: null,
  social_image: null,
  updated_at: '2025-01-01T00:00:00.000Z',
  outdated,
  published: true,
  source_hash: null,
});
const complete: Article = {
  ...base,
  languages: ['en', 'pt', 'de'],
  translations: { pt: translation(false), de: translation(false) },
};
const portugueseOnly: Article = {
  ...base,
  language: 'pt',
  source_language: 'pt',
  languages: ['pt'],
};
const stale: Article = {
  ...complete,
  translations: { pt: translation(true), de: translation(false) },
};

describe('the language filter of the news list', () => {
  it('finds articles missing any language, or one named', () => {
    expect(matchesLanguage(base, 'missing')).toBe(true);
    expect(matchesLanguage(complete, 'missing')).toBe(false);
    expect(matchesLanguage(portugueseOnly, 'missing-en')).toBe(true);
    expect(matchesLanguage(portugueseOnly, 'missing-pt')).toBe(false);
    expect(matchesLanguage(base, 'missing-de')).toBe(true);
    expect(matchesLanguage(complete, 'missing-de')).toBe(false);
  });

  it('finds articles with a translation older than its source', () => {
    expect(hasOutdated(stale)).toBe(true);
    expect(matchesLanguage(stale, 'outdated')).toBe(true);
    expect(matchesLanguage(complete, 'outdated')).toBe(false);
    expect(matchesLanguage(complete, 'all')).toBe(true);
  });
});
