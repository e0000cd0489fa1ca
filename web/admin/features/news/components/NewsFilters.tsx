import { Search } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { FilterSelect } from '../../../components/FilterSelect';
import { input, label } from '../../../lib/ui';
import {
  LANGUAGE_FILTERS,
  type LanguageFilter,
  type StatusFilter,
} from '../hooks/useArticleFilters';

type Props = {
  query: string;
  onQuery: (value: string) => void;
  status: StatusFilter;
  onStatus: (value: StatusFilter) => void;
  languages: LanguageFilter;
  onLanguages: (value: LanguageFilter) => void;
};

export function NewsFilters({ query, onQuery, status, onStatus, languages, onLanguages }: Props) {
  const { t } = useTranslation();
  return (
    <div className="flex flex-col gap-3 sm:flex-row sm:items-end">
      <div className="flex-1 space-y-1">
        <label htmlFor="news-search" className={label}>
          {t('admin.news.searchLabel')}
        </label>
        <div className="relative">
          <Search
            aria-hidden="true"
            className="pointer-events-none absolute top-1/2 left-3 h-4 w-4 -translate-y-1/2 text-slate-500"
          />
          <input
            id="news-search"
            type="search"
            value={query}
            placeholder={t('admin.news.searchPlaceholder')}
            onChange={(e) => onQuery(e.target.value)}
            className={`${input} pl-9`}
          />
        </div>
      </div>
      <FilterSelect
        id="news-status"
        className="space-y-1 sm:w-48"
        label={t('admin.news.filterLabel')}
        value={status}
        onChange={onStatus}
        options={[
          ['all', t('admin.common.all')],
          ['published', t('admin.news.filterPublished')],
          ['draft', t('admin.news.filterDraft')],
        ]}
      />
      <FilterSelect
        id="news-languages"
        className="space-y-1 sm:w-56"
        label={t('admin.translate.filterLabel')}
        value={languages}
        onChange={onLanguages}
        options={LANGUAGE_FILTERS.map((f) => [f, t(`admin.translate.filter.${f}`)] as const)}
      />
    </div>
  );
}
