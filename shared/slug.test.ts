import { describe, expect, it } from 'vitest';
import { RESERVED_SLUGS, SLUG_MAX_LENGTH, slugify, slugProblem, uniqueSlug } from './slug';

describe('slugProblem', () => {
  it('accepts lowercase words joined by single hyphens', () => {
    expect(slugProblem('new-robot-cell')).toBeNull();
    expect(slugProblem('ai2025')).toBeNull();
  });

  it.each([
    ['', 'validation.slug.required'],
    ['New-Robot', 'validation.slug.format'],
    ['double--hyphen', 'validation.slug.format'],
    ['-leading', 'validation.slug.format'],
    ['trailing-', 'validation.slug.format'],
    ['with space', 'validation.slug.format'],
    ['ümlaut', 'validation.slug.format'],
    ['a'.repeat(SLUG_MAX_LENGTH + 1), 'validation.slug.tooLong'],
  ])('rejects %j with %s', (slug, key) => {
    expect(slugProblem(slug)).toBe(key);
  });

  it('accepts exactly the maximum length', () => {
    expect(slugProblem('a'.repeat(SLUG_MAX_LENGTH))).toBeNull();
  });

  it.each([
    'news',
    'contact',
    'login',
    'admin',
    'api',
    'assets',
    'categories',
    'en',
    'pt',
    'de',
    'privacy',
    'preview',
  ])('reserves %s', (slug) => {
    expect(RESERVED_SLUGS.has(slug)).toBe(true);
    expect(slugProblem(slug)).toBe('validation.slug.reserved');
  });
});

describe('slugify', () => {
  it('lowercases, strips accents and joins words with hyphens', () => {
    expect(slugify('  Robótica Industrial: Próxima Geração!  ')).toBe(
      'robotica-industrial-proxima-geracao',
    );
    expect(slugify('Straße & Größe')).toBe('strasse-grosse');
  });

  it('cuts long titles at a word boundary within the limit', () => {
    const slug = slugify('word '.repeat(60));
    expect(slug.length).toBeLessThanOrEqual(SLUG_MAX_LENGTH);
    expect(slug.endsWith('-')).toBe(false);
    expect(slugProblem(slug)).toBeNull();
  });
});

describe('uniqueSlug', () => {
  it('returns the base when free, else the first free numbered variant', async () => {
    const taken = new Set(['robot-cell', 'robot-cell-2']);
    expect(await uniqueSlug('Fresh Title', async (s) => taken.has(s))).toBe('fresh-title');
    expect(await uniqueSlug('Robot Cell', async (s) => taken.has(s))).toBe('robot-cell-3');
  });

  it('never returns a reserved word or an empty slug', async () => {
    expect(await uniqueSlug('News', async () => false)).toBe('news-article');
    expect(await uniqueSlug('!!!', async () => false)).toBe('article');
  });
});
