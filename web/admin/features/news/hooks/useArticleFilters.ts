import { useMemo, useState } from 'react';
import { missingLanguages } from '#shared/article-languages';
import { isLanguage } from '#shared/languages';
import type { Article } from '#shared/news';

export type StatusFilter = 'all' | 'published' | 'draft';

/** Which language versions to look for: any article, one missing a language (or a given one), or outdated. */
export type LanguageFilter =
  'all' | 'missing' | 'missing-en' | 'missing-pt' | 'missing-de' | 'outdated';

export const LANGUAGE_FILTERS: readonly LanguageFilter[] = [
  'all',
  'missing',
  'missing-en',
  'missing-pt',
  'missing-de',
  'outdated',
];

/** True when the article has a translation whose source changed after it was saved. */
export function hasOutdated(article: Article): boolean {
  return Object.values(article.translations ?? {}).some((translation) => translation?.outdated);
}

/** Whether an article passes the language filter. */
export function matchesLanguage(article: Article, filter: LanguageFilter): boolean {
  if (filter === 'all') return true;
  if (filter === 'outdated') return hasOutdated(article);
  const missing = missingLanguages(article);
  const language = filter.slice('missing-'.length);
  return isLanguage(language) ? missing.includes(language) : missing.length > 0;
}

/** Search by title and filter by status and by language versions, applied to the loaded list. */
export function useArticleFilters(articles: Article[]) {
  const [query, setQuery] = useState('');
  const [status, setStatus] = useState<StatusFilter>('all');
  const [languages, setLanguages] = useState<LanguageFilter>('all');
  const visible = useMemo(() => {
    const needle = query.trim().toLocaleLowerCase();
    return articles.filter(
      (a) =>
        (status === 'all' || (status === 'published') === a.published) &&
        matchesLanguage(a, languages) &&
        (needle === '' || a.title.toLocaleLowerCase().includes(needle)),
    );
  }, [articles, query, status, languages]);
  return { query, setQuery, status, setStatus, languages, setLanguages, visible };
}
