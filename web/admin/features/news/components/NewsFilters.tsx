import { useTranslation } from 'react-i18next';
import type { ArticleListQuery } from '#shared/news-list';
import { FilterSelect } from '../../../components/FilterSelect';
import { SearchBox } from '../../../components/SearchBox';
import {
  LANGUAGE_FILTERS,
  languageOf,
  languageQuery,
  statusOf,
  statusQuery,
  type LanguageFilter,
  type StatusFilter,
} from '../lib/article-list-filters';

type Props = {
  query: ArticleListQuery;
  /** Changes the list (the address): `undefined` drops a filter. */
  onChange: (change: Partial<Record<keyof ArticleListQuery, string | boolean | undefined>>) => void;
  /** The categories offered (known ones and those in use). */
  categories: string[];
};

/** Search, status, language versions and category of the News tab, each asked of the server. */
export function NewsFilters({ query, onChange, categories }: Props) {
  const { t } = useTranslation();
  return (
    <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-[minmax(0,2fr)_repeat(3,minmax(0,1fr))] lg:items-end">
      <SearchBox
        id="news-search"
        className="space-y-1 sm:col-span-2 lg:col-span-1"
        label={t('admin.news.searchLabel')}
        placeholder={t('admin.news.searchPlaceholder')}
        value={query.q ?? ''}
        onSearch={(q) => onChange({ q: q || undefined })}
      />
      <FilterSelect
        id="news-status"
        label={t('admin.news.filterLabel')}
        value={statusOf(query)}
        onChange={(status: StatusFilter) => onChange(statusQuery(status))}
        options={[
          ['all', t('admin.common.all')],
          ['published', t('admin.news.filterPublished')],
          ['draft', t('admin.news.filterDraft')],
        ]}
      />
      <FilterSelect
        id="news-languages"
        label={t('admin.translate.filterLabel')}
        value={languageOf(query)}
        onChange={(filter: LanguageFilter) => onChange(languageQuery(filter))}
        options={LANGUAGE_FILTERS.map((f) => [f, t(`admin.translate.filter.${f}`)] as const)}
      />
      <FilterSelect
        id="news-category"
        label={t('admin.news.category')}
        value={query.category ?? ''}
        onChange={(category: string) => onChange({ category: category || undefined })}
        options={[
          ['', t('admin.news.allCategories')],
          ...categories.map((c) => [c, c] as const),
          ...(query.category && !categories.includes(query.category)
            ? [[query.category, query.category] as const]
            : []),
        ]}
      />
    </div>
  );
}
