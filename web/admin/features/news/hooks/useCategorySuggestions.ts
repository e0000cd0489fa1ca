import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { CATEGORY_KEYS, categoryGroup, categoryLabelKey } from '#shared/categories';
import type { Article } from '#shared/news';
import { useCategoriesQuery } from '../api/news.queries';

/**
 * Category suggestions for the article form: every known category (with its
 * label in the dashboard's language), then the published categories from the
 * API and those of drafts already loaded, one entry per category (`Industry`
 * and `industry` are one). Free text stays allowed, so a failed call only
 * means fewer suggestions.
 */
export function useCategorySuggestions(articles: Article[]): string[] {
  const { t } = useTranslation();
  const { data: published } = useCategoriesQuery();
  return useMemo(() => {
    const byGroup = new Map<string, string>();
    for (const category of [
      ...CATEGORY_KEYS.map((key) => t(categoryLabelKey(key))),
      ...(published ?? []).map((row) => row.category),
      ...articles.map((a) => a.category),
    ]) {
      const group = categoryGroup(category);
      if (category.trim() && !byGroup.has(group)) byGroup.set(group, category.trim());
    }
    return [...byGroup.values()].sort((a, b) => a.localeCompare(b));
  }, [t, published, articles]);
}
