import { describe, expect, it } from 'vitest';
import type { Article } from '#shared/news';
import { checkDraft } from './draft-payload';
import {
  draftFromArticle,
  draftFromGenerated,
  blankSearch,
  draftFromPage,
  emptyDraft,
  invalidLanguages,
  isUnchanged,
  slugFollowsTitle,
  textErrors,
  textIn,
  withSourceLanguage,
} from './article-draft';

const noSearch = { seo_title: null, seo_description: null, social_image: null };

const complete = {
  ...emptyDraft,
  title: 'Robot cell goes live',
  excerpt: 'A short summary.',
  content: 'Body **text**.',
  category: 'Robotics',
  slug: 'robot-cell-goes-live',
};

describe('checkDraft', () => {
  it('accepts a complete draft and trims it into the payload', () => {
    const result = checkDraft({ ...complete, title: '  Robot cell goes live  ', image_url: '' });
    expect(result).toEqual({
      ok: true,
      // The form's own fields (other languages' descriptions, the schedule) are not sent as such.
      payload: {
        ...complete,
        image_url: null,
        image_alt: null,
        seo_title: null,
        seo_description: null,
        social_image: null,
        image_alts: undefined,
        schedule_at: undefined,
        states: undefined,
        search: undefined,
        nav: undefined,
        published: false,
        // None in the source language: a stored one would go (after a change of source).
        translations: { en: null, pt: null, de: null },
      },
    });
  });

  it("sends each translation with its image's description in that language", () => {
    const pt = { title: 'Célula robótica', excerpt: 'Um resumo.', content: 'Texto.' };
    const result = checkDraft({
      ...complete,
      image_url: 'https://example.com/cell.png',
      image_alt: 'A robot cell',
      image_alts: { pt: ' Uma célula robótica ', de: 'Eine Roboterzelle' },
      translations: { pt },
    });
    expect(result.ok && result.payload.translations).toEqual({
      en: null,
      pt: { ...pt, image_alt: 'Uma célula robótica', ...noSearch, published: true },
      de: null,
    });
  });

  it('reports missing required fields', () => {
    const result = checkDraft({ ...complete, excerpt: '   ' });
    expect(result.ok).toBe(false);
    if (!result.ok) {
      expect(result.missingRequired).toBe(true);
      expect(result.errors.excerpt).toBe('validation.excerpt.required');
    }
  });

  it('tells a bad slug or image apart from a missing field', () => {
    const result = checkDraft({
      ...complete,
      slug: 'Bad Slug',
      image_url: 'ftp://x.example/a.png',
    });
    expect(result.ok).toBe(false);
    if (!result.ok) {
      expect(result.missingRequired).toBe(false);
      expect(result.errors).toEqual({
        slug: 'validation.slug.format',
        image_url: 'validation.imageUrl.invalid',
      });
    }
  });

  it('rejects reserved slugs', () => {
    const result = checkDraft({ ...complete, slug: 'admin' });
    expect(result.ok ? null : result.errors.slug).toBe('validation.slug.reserved');
  });
});

describe('drafts from other sources', () => {
  it('starts AI drafts unpublished and without an image when none was given', () => {
    const draft = draftFromGenerated(
      { title: 'T', excerpt: 'E', content: 'C', category: 'Industry', slug: 't' },
      'de',
    );
    expect(draft).toEqual({
      ...emptyDraft,
      source_language: 'de',
      title: 'T',
      excerpt: 'E',
      content: 'C',
      category: 'Industry',
      slug: 't',
    });
  });

  it('keeps an article as it is, with a missing image as empty text', () => {
    const article: Article = {
      ...complete,
      id: 3,
      image_url: null,
      image_alt: null,
      seo_title: null,
      seo_description: null,
      social_image: null,
      published: true,
      published_at: '2024-01-02T00:00:00.000Z',
      created_at: '2024-01-01T00:00:00.000Z',
      updated_at: '2024-01-02T00:00:00.000Z',
      language: 'en',
      source_language: 'en',
      languages: ['en'],
      translations: {},
    };
    expect(draftFromArticle(article)).toEqual({
      ...complete,
      published: true,
      search: { en: blankSearch },
    });
  });

  it('tells an untouched form from one with something to lose', () => {
    expect(isUnchanged({ ...emptyDraft }, emptyDraft)).toBe(true);
    expect(isUnchanged({ ...emptyDraft, title: 'x' }, emptyDraft)).toBe(false);
    expect(isUnchanged({ ...complete, published: true }, complete)).toBe(false);
    // An AI draft not saved yet differs from the empty form it replaces.
    expect(isUnchanged(complete, emptyDraft)).toBe(false);
  });

  it('knows whether the slug still follows the title', () => {
    expect(slugFollowsTitle(emptyDraft)).toBe(true);
    expect(slugFollowsTitle(complete)).toBe(true);
    expect(slugFollowsTitle({ ...complete, slug: 'custom' })).toBe(false);
  });
});

const pt = { title: 'Célula robótica', excerpt: 'Resumo.', content: 'Corpo **texto**.' };

describe('translations in the form', () => {
  it('sends a filled translation, removes a blank one, and trims both', () => {
    const result = checkDraft({
      ...complete,
      translations: {
        pt: { ...pt, title: ' Célula robótica ' },
        de: { title: '', excerpt: ' ', content: '' },
      },
    });
    expect(result.ok && result.payload.translations).toEqual({
      en: null,
      pt: { ...pt, ...noSearch, published: true },
      de: null,
    });
  });

  it('asks for every field of a translation begun, named by its path', () => {
    const result = checkDraft({ ...complete, translations: { de: { ...pt, content: '' } } });
    expect(result.ok).toBe(false);
    if (!result.ok) {
      expect(result.missingRequired).toBe(true);
      expect(result.errors).toEqual({ 'translations.de.content': 'validation.content.required' });
      expect(invalidLanguages(result.errors, 'en')).toEqual(new Set(['de']));
      expect(textErrors(result.errors, 'en', 'de').content).toBe('validation.content.required');
      expect(textErrors(result.errors, 'en', 'en').content).toBeUndefined();
    }
  });

  it('swaps the texts when the source language changes, losing nothing', () => {
    const draft = { ...complete, translations: { pt } };
    const swapped = withSourceLanguage(draft, 'pt');
    expect(swapped.source_language).toBe('pt');
    expect(textIn(swapped, 'pt')).toEqual(pt);
    expect(textIn(swapped, 'en')).toEqual(textIn(draft, 'en'));
    expect(swapped.translations.pt).toBeUndefined();
    // The old source, now a translation, is public like the article; what it was made from is not known.
    expect(swapped.states).toEqual({ en: { published: true, source_hash: null } });
    expect(withSourceLanguage(swapped, 'en')).toEqual({
      ...draft,
      translations: { pt },
      states: {
        en: { published: true, source_hash: null },
        pt: { published: true, source_hash: null },
      },
    });
  });

  it('leaves an article as it was after a switch of source language and back', () => {
    const hash = 'a'.repeat(64);
    const saved = {
      ...complete,
      image_alt: 'A robot cell',
      image_alts: { pt: 'Uma célula robótica', de: 'Eine Roboterzelle' },
      translations: { pt, de: { title: 'Roboterzelle', excerpt: 'Kurz', content: 'Text' } },
      states: {
        pt: { published: false, source_hash: hash },
        de: { published: true, source_hash: hash },
      },
    };
    const back = withSourceLanguage(withSourceLanguage(saved, 'pt'), 'en');
    expect(isUnchanged(back, saved)).toBe(true);
    // The Portuguese translation was a draft and stays one: a switch and back publishes nothing.
    expect(back.states.pt).toEqual({ published: false, source_hash: hash });
    expect(checkDraft(back)).toEqual(checkDraft(saved));
  });

  it("moves the image's descriptions with the texts when the source language changes", () => {
    const draft = {
      ...complete,
      image_alt: 'A robot cell',
      image_alts: { pt: 'Uma célula robótica', de: 'Eine Roboterzelle' },
      translations: { pt },
    };
    const swapped = withSourceLanguage(draft, 'pt');
    expect(swapped.image_alt).toBe('Uma célula robótica');
    expect(swapped.image_alts).toEqual({ en: 'A robot cell', de: 'Eine Roboterzelle' });
    // Into a language without a translation: its description starts blank, the old one is kept.
    const german = withSourceLanguage({ ...draft, image_alts: {} }, 'de');
    expect(german.image_alt).toBe('');
    expect(german.image_alts).toEqual({ en: 'A robot cell' });
    expect(withSourceLanguage(swapped, 'en')).toMatchObject({
      image_alt: draft.image_alt,
      image_alts: draft.image_alts,
    });
  });

  it('reads an article with its translations, and sees a changed translation as unsaved', () => {
    const article: Article = {
      ...complete,
      id: 4,
      image_url: null,
      seo_title: null,
      seo_description: null,
      social_image: null,
      published: false,
      published_at: null,
      created_at: '2024-01-01T00:00:00.000Z',
      updated_at: '2024-01-02T00:00:00.000Z',
      language: 'en',
      source_language: 'en',
      languages: ['en', 'pt'],
      translations: {
        pt: {
          ...pt,
          image_alt: null,
          seo_title: null,
          seo_description: null,
          social_image: null,
          published: true,
          source_hash: null,
          updated_at: '2024-01-01T00:00:00.000Z',
          outdated: true,
        },
      },
    };
    const saved = draftFromArticle(article);
    expect(saved.translations).toEqual({ pt });
    expect(isUnchanged(saved, saved)).toBe(true);
    expect(isUnchanged({ ...saved, translations: { pt: { ...pt, title: 'Outro' } } }, saved)).toBe(
      false,
    );
    expect(
      isUnchanged(
        { ...saved, translations: { pt, de: { title: 'x', excerpt: '', content: '' } } },
        saved,
      ),
    ).toBe(false);
  });
});

describe('language states and search fields in the payload', () => {
  it('sends a translation kept as a draft, with the source it was made from and its search fields', () => {
    const hash = 'a'.repeat(64);
    const result = checkDraft({
      ...complete,
      translations: { pt },
      states: { pt: { published: false, source_hash: hash } },
      search: {
        en: { seo_title: ' Robot cell | Forge ', seo_description: '', social_image: '' },
        pt: {
          seo_title: 'Célula',
          seo_description: 'Descrição',
          social_image: '/media/1/a-1x1.jpg',
        },
      },
    });
    expect(result.ok && result.payload).toMatchObject({
      seo_title: 'Robot cell | Forge',
      seo_description: null,
      translations: {
        pt: {
          published: false,
          source_hash: hash,
          seo_title: 'Célula',
          seo_description: 'Descrição',
          social_image: '/media/1/a-1x1.jpg',
        },
      },
    });
  });

  it('names a search field that is too long by its path', () => {
    const result = checkDraft({
      ...complete,
      translations: { pt },
      search: { pt: { ...blankSearch, seo_title: 'x'.repeat(71) } },
    });
    expect(result.ok ? null : result.errors).toEqual({
      'translations.pt.seo_title': 'validation.seoTitle.max',
    });
    expect(result.ok ? null : invalidLanguages(result.errors, 'en')).toEqual(new Set(['pt']));
  });
});

describe('a page in the form', () => {
  const page = {
    ...emptyDraft,
    title: 'Careers',
    excerpt: '',
    content: 'We hire.',
    slug: 'careers',
    nav: 'header' as const,
  };

  it('needs no category and no excerpt, and sends its menu', () => {
    const result = checkDraft(page, 'page');
    expect(result.ok && result.payload).toMatchObject({ title: 'Careers', nav: 'header' });
    expect(result.ok && 'category' in result.payload).toBe(false);
    const missing = checkDraft({ ...page, content: ' ' }, 'page');
    expect(missing.ok ? null : missing.missingRequired).toBe(true);
  });

  it('reads a stored page with its menu, an empty excerpt for none', () => {
    const draft = draftFromPage({
      id: 1,
      title: 'Careers',
      slug: 'careers',
      excerpt: null,
      content: 'We hire.',
      image_url: null,
      image_alt: null,
      seo_title: null,
      seo_description: null,
      social_image: null,
      nav: 'footer',
      position: 2,
      published: true,
      published_at: null,
      created_at: '2024-01-01T00:00:00.000Z',
      updated_at: '2024-01-01T00:00:00.000Z',
      language: 'en',
      source_language: 'en',
      languages: ['en'],
      translations: {},
    });
    expect(draft).toMatchObject({ excerpt: '', category: '', nav: 'footer', published: true });
  });
});
