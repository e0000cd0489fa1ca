import { describe, expect, it } from 'vitest';
import {
  articleInLanguage,
  articleLanguages,
  missingLanguages,
  otherLanguages,
  sameText,
} from './article-languages';
import type { AdminArticle } from './news';

const article: AdminArticle = {
  id: 1,
  title: 'Robot cell',
  excerpt: 'Summary',
  content: 'Body',
  category: 'robotics',
  slug: 'robot-cell',
  image_url: null,
  image_alt: null,
  seo_title: null,
  seo_description: null,
  social_image: null,
  published: true,
  published_at: '2026-01-02T00:00:00.000Z',
  created_at: '2026-01-01T00:00:00.000Z',
  updated_at: '2026-01-02T00:00:00.000Z',
  language: 'en',
  source_language: 'en',
  languages: ['en', 'de'],
  translations: {
    de: {
      title: 'Roboterzelle',
      excerpt: 'Kurz',
      content: 'Text',
      image_alt: null,
      seo_title: null,
      seo_description: null,
      social_image: null,
      updated_at: '2026-01-02T00:00:00.000Z',
      outdated: true,
      published: true,
      source_hash: null,
    },
  },
};

describe('an article in a language', () => {
  it('takes the translation where there is one, and says which language its text is in', () => {
    const german = articleInLanguage(article, 'de');
    expect(german).toMatchObject({
      title: 'Roboterzelle',
      content: 'Text',
      language: 'de',
      slug: 'robot-cell',
    });
    expect(german).not.toHaveProperty('translations');
  });

  it('falls back to the source text, and keeps translations only when asked', () => {
    expect(articleInLanguage(article, 'pt')).toMatchObject({ title: 'Robot cell', language: 'en' });
    expect(articleInLanguage(article, 'en', { keepTranslations: true }).translations).toBe(
      article.translations,
    );
  });
});

describe('language lists', () => {
  it('are in the site order, the source included', () => {
    expect(articleLanguages('de', ['en'])).toEqual(['en', 'de']);
    expect(articleLanguages('pt', { de: article.translations.de })).toEqual(['pt', 'de']);
    expect(otherLanguages('pt')).toEqual(['en', 'de']);
    expect(missingLanguages(article)).toEqual(['pt']);
  });

  it('compare texts as the write schema stores them', () => {
    expect(
      sameText(
        { title: ' A ', excerpt: 'B', content: 'C' },
        { title: 'A', excerpt: 'B', content: 'C' },
      ),
    ).toBe(true);
    expect(
      sameText(
        { title: 'A', excerpt: 'B', content: 'C' },
        { title: 'A', excerpt: 'B', content: 'D' },
      ),
    ).toBe(false);
  });
});
