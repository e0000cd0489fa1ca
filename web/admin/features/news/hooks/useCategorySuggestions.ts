import { useMemo } from 'react';
import type { Article } from '#shared/news';
import { useCategoriesQuery } from '../api/news.queries';

/**
 * Category suggestions for the article form: the published categories from
 * the API plus those of drafts already loaded. Free text stays allowed, so a
 * failed call only means fewer suggestions.
 */
export function useCategorySuggestions(articles: Article[]): string[] {
  const { data: published } = useCategoriesQuery();
  return useMemo(
    () =>
      [
        ...new Set([
          ...(published ?? []).map((row) => row.category),
          ...articles.map((a) => a.category),
        ]),
      ]
        .filter(Boolean)
        .sort((a, b) => a.localeCompare(b)),
    [published, articles],
  );
}
