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

describe('the text alternative of an article’s image in a language', () => {
  const pictured: AdminArticle = {
    ...article,
    image_url: '/media/1/cell.jpg',
    image_alt: 'A robot welding a frame',
    languages: ['en', 'pt', 'de'],
    translations: {
      de: article.translations.de!,
      pt: { ...article.translations.de!, title: 'Célula', image_alt: 'Um robô a soldar' },
    },
  };

  it('is the translation’s own, in its language', () => {
    expect(articleInLanguage(pictured, 'pt')).toMatchObject({
      image_alt: 'Um robô a soldar',
      image_alt_language: 'pt',
    });
  });

  it('borrowed from the source when the translation has none, says it is in the source language', () => {
    expect(articleInLanguage(pictured, 'de')).toMatchObject({
      language: 'de',
      image_alt: 'A robot welding a frame',
      image_alt_language: 'en',
    });
    expect(articleInLanguage(pictured, 'en')).toMatchObject({ image_alt_language: 'en' });
  });

  it('names no language when there is no text alternative', () => {
    expect(articleInLanguage(article, 'de')).toMatchObject({
      image_alt: null,
      image_alt_language: null,
    });
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
