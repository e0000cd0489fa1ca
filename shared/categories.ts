import type { Language } from './languages';

/**
 * Known news categories. An article's category is free text;
 * a stored category that names a known one, by key or by its label in any
 * language (`AI Innovation`, `ai-innovation`, `Inovação em IA`), is that
 * category and is shown with its label in the page's language. Anything else
 * is shown as typed.
 */
export const CATEGORY_KEYS = [
  'ai-innovation',
  'robotics',
  'partnership',
  'research',
  'technology',
  'industry',
] as const;
export type CategoryKey = (typeof CATEGORY_KEYS)[number];

/**
 * The labels of the catalogues (`news.categories.<key>` in locales/*.json),
 * here so that matching works wherever only one catalogue is loaded. A test
 * keeps them equal to the catalogues, which stay the source of the labels shown.
 */
export const CATEGORY_LABELS: Record<CategoryKey, Record<Language, string>> = {
  'ai-innovation': { en: 'AI Innovation', pt: 'Inovação em IA', de: 'KI-Innovation' },
  robotics: { en: 'Robotics', pt: 'Robótica', de: 'Robotik' },
  partnership: { en: 'Partnership', pt: 'Parceria', de: 'Partnerschaft' },
  research: { en: 'Research', pt: 'Investigação', de: 'Forschung' },
  technology: { en: 'Technology', pt: 'Tecnologia', de: 'Technologie' },
  industry: { en: 'Industry', pt: 'Indústria', de: 'Industrie' },
};

/** The catalogue key of a known category's label. */
export function categoryLabelKey(key: CategoryKey): string {
  return `news.categories.${key}`;
}

const fold = (text: string) => text.normalize('NFC').trim().toLocaleLowerCase('en');

const BY_NAME = new Map<string, CategoryKey>(
  CATEGORY_KEYS.flatMap((key) => [
    [fold(key), key] as const,
    ...Object.values(CATEGORY_LABELS[key]).map((label) => [fold(label), key] as const),
  ]),
);

/** The known category a stored one names (key or any language's label, any case), else null. */
export function categoryKey(stored: string): CategoryKey | null {
  return BY_NAME.get(fold(stored)) ?? null;
}

/** One name per category: the key of a known one, the text as typed (trimmed) otherwise. */
export function categoryGroup(stored: string): string {
  return categoryKey(stored) ?? stored.trim();
}

/** True when two stored categories are the same category. */
export function sameCategory(a: string, b: string): boolean {
  return categoryGroup(a) === categoryGroup(b);
}

/** What a page shows for a stored category: the label in the page's language, else the text as typed. */
export function categoryLabel(stored: string, t: (key: string) => string): string {
  const key = categoryKey(stored);
  return key ? t(categoryLabelKey(key)) : stored;
}
