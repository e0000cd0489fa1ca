import { isLanguage } from '#shared/languages';
import type { ArticleListQuery } from '#shared/news-list';

/**
 * The News tab's choices and the list query they ask the API for
 * (shared/news-list.ts), both ways: the address holds the query, the
 * selects show the choices.
 */

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

type Change = Pick<ArticleListQuery, 'published' | 'missing' | 'outdated'>;

export const statusOf = ({ published }: ArticleListQuery): StatusFilter =>
  published === undefined ? 'all' : published ? 'published' : 'draft';

export const statusQuery = (status: StatusFilter): Change => ({
  published: status === 'all' ? undefined : status === 'published',
});

export function languageOf({ missing, outdated }: ArticleListQuery): LanguageFilter {
  if (outdated) return 'outdated';
  if (missing === 'any') return 'missing';
  return missing ? `missing-${missing}` : 'all';
}

export function languageQuery(filter: LanguageFilter): Change {
  if (filter === 'outdated') return { missing: undefined, outdated: true };
  if (filter === 'missing') return { missing: 'any', outdated: undefined };
  const language = filter.slice('missing-'.length);
  return { missing: isLanguage(language) ? language : undefined, outdated: undefined };
}

/** True when the list is narrowed (an empty one says "nothing matches", not "no articles yet"). */
export const isFiltered = (query: ArticleListQuery) =>
  query.q !== undefined ||
  query.published !== undefined ||
  query.missing !== undefined ||
  query.outdated !== undefined ||
  query.category !== undefined;
