import { useMemo, useState } from 'react';
import type { Article } from '#shared/news';

export type StatusFilter = 'all' | 'published' | 'draft';

/** Search by title and filter by status, applied to the loaded list. */
export function useArticleFilters(articles: Article[]) {
  const [query, setQuery] = useState('');
  const [status, setStatus] = useState<StatusFilter>('all');
  const visible = useMemo(() => {
    const needle = query.trim().toLocaleLowerCase();
    return articles.filter(
      (a) =>
        (status === 'all' || (status === 'published') === a.published) &&
        (needle === '' || a.title.toLocaleLowerCase().includes(needle)),
    );
  }, [articles, query, status]);
  return { query, setQuery, status, setStatus, visible };
}
