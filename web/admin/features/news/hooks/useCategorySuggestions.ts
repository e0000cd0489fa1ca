import { useEffect, useMemo, useState } from 'react';
import type { Article } from '#shared/news';
import { getCategories } from '../api/get-categories';

/**
 * Category suggestions for the article form: the published categories from
 * the API plus those of drafts already loaded. Free text stays allowed, so a
 * failed call only means fewer suggestions.
 */
export function useCategorySuggestions(articles: Article[]): string[] {
  const [published, setPublished] = useState<string[]>([]);
  useEffect(() => {
    const controller = new AbortController();
    getCategories(controller.signal)
      .then((rows) => setPublished(rows.map((row) => row.category)))
      .catch(() => setPublished([]));
    return () => controller.abort();
  }, []);
  return useMemo(
    () =>
      [...new Set([...published, ...articles.map((a) => a.category)])]
        .filter(Boolean)
        .sort((a, b) => a.localeCompare(b)),
    [published, articles],
  );
}
