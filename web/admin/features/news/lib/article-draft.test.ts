import { describe, expect, it } from 'vitest';
import type { Article } from '#shared/news';
import {
  checkDraft,
  draftFromArticle,
  draftFromGenerated,
  emptyDraft,
  isUnchanged,
  slugFollowsTitle,
} from './article-draft';

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
        image_alts: undefined,
        schedule_at: undefined,
        published: false,
      },
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
    const draft = draftFromGenerated({
      title: 'T',
      excerpt: 'E',
      content: 'C',
      category: 'Industry',
      slug: 't',
    });
    expect(draft).toEqual({
      ...emptyDraft,
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
      published: true,
      published_at: '2024-01-02T00:00:00.000Z',
      created_at: '2024-01-01T00:00:00.000Z',
      updated_at: '2024-01-02T00:00:00.000Z',
      language: 'en',
      source_language: 'en',
      languages: ['en'],
    };
    expect(draftFromArticle(article)).toEqual({ ...complete, published: true });
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
