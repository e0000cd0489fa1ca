import { describe, expect, it } from 'vitest';
import de from '../locales/de.json';
import en from '../locales/en.json';
import pt from '../locales/pt.json';
import {
  CATEGORY_KEYS,
  CATEGORY_LABELS,
  categoryGroup,
  categoryKey,
  categoryLabel,
  categoryLabelKey,
  sameCategory,
} from './categories';
import { AI_CATEGORIES } from './llm';

const catalogues = { en, pt, de };

describe('known categories', () => {
  it('have a label in every catalogue, the same as the table used for matching', () => {
    for (const [language, catalogue] of Object.entries(catalogues)) {
      const labels = catalogue.news.categories as Record<string, string>;
      expect(Object.keys(labels).sort()).toEqual([...CATEGORY_KEYS].sort());
      for (const key of CATEGORY_KEYS) {
        expect(labels[key]).toBe(CATEGORY_LABELS[key][language as 'en' | 'pt' | 'de']);
      }
    }
  });

  it('include every category the AI modal offers', () => {
    for (const offered of AI_CATEGORIES) expect(categoryKey(offered)).not.toBeNull();
  });
});

describe('categoryKey', () => {
  it.each([
    ['ai-innovation', 'ai-innovation'],
    ['AI Innovation', 'ai-innovation'],
    ['  ai innovation ', 'ai-innovation'],
    ['Inovação em IA', 'ai-innovation'],
    ['INOVAÇÃO EM IA', 'ai-innovation'],
    ['KI-Innovation', 'ai-innovation'],
    ['Industry', 'industry'],
    ['Indústria', 'industry'],
    ['industrie', 'industry'],
    ['Investigação', 'research'],
    ['Robotik', 'robotics'],
  ])('knows %j as %s', (stored, key) => {
    expect(categoryKey(stored)).toBe(key);
  });

  it('knows nothing else', () => {
    for (const stored of ['Drones', 'AI', 'ai-innovations', ''])
      expect(categoryKey(stored)).toBeNull();
  });
});

describe('categoryLabel', () => {
  const t = (language: 'en' | 'pt' | 'de') => (key: string) =>
    key
      .split('.')
      .reduce<unknown>(
        (node, part) => (node as Record<string, unknown>)[part],
        catalogues[language],
      ) as string;

  it('shows a known category in the page language, whatever name it was stored under', () => {
    expect(categoryLabel('Industry', t('pt'))).toBe('Indústria');
    expect(categoryLabel('Industry', t('de'))).toBe('Industrie');
    expect(categoryLabel('ai-innovation', t('en'))).toBe('AI Innovation');
    expect(categoryLabel('KI-Innovation', t('pt'))).toBe('Inovação em IA');
    expect(categoryLabelKey('technology')).toBe('news.categories.technology');
  });

  it('shows anything else as typed', () => {
    expect(categoryLabel('Drones', t('de'))).toBe('Drones');
  });

  it('groups a key with its labels, and unknown ones by their exact text', () => {
    expect(categoryGroup('Parceria')).toBe('partnership');
    expect(categoryGroup(' Drones ')).toBe('Drones');
    expect(sameCategory('AI Innovation', 'KI-Innovation')).toBe(true);
    expect(sameCategory('Drones', 'drones')).toBe(false);
  });
});
