import { categoryGroup, sameCategory } from '#shared/categories';
import type { CategoryCount } from '#shared/news';

/**
 * Categories as one name each (shared/categories.ts): a known category and
 * its labels in every language count as one, reported under its key
 * (`AI Innovation` and `ai-innovation` -> `ai-innovation`); anything else as
 * typed. Most articles first, then by name.
 */
export function mergeCategoryCounts(stored: CategoryCount[]): CategoryCount[] {
  const counts = new Map<string, number>();
  for (const { category, count } of stored) {
    const name = categoryGroup(category);
    counts.set(name, (counts.get(name) ?? 0) + count);
  }
  return [...counts]
    .map(([category, count]) => ({ category, count }))
    .sort((a, b) => b.count - a.count || (a.category < b.category ? -1 : 1));
}

/** The stored category values a `?category=` filter matches: the category under any of its names. */
export function storedValuesOf(requested: string, stored: CategoryCount[]): string[] {
  return stored.filter((s) => sameCategory(s.category, requested)).map((s) => s.category);
}
