import { Search } from 'lucide-react';
import { useTranslation } from 'react-i18next';
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
      <div className="space-y-1 sm:w-48">
        <label htmlFor="news-status" className={label}>
          {t('admin.news.filterLabel')}
        </label>
        <select
          id="news-status"
          value={status}
          onChange={(e) => onStatus(e.target.value as StatusFilter)}
          className={input}
        >
          <option value="all">{t('admin.common.all')}</option>
          <option value="published">{t('admin.news.filterPublished')}</option>
          <option value="draft">{t('admin.news.filterDraft')}</option>
        </select>
      </div>
      <div className="space-y-1 sm:w-56">
        <label htmlFor="news-languages" className={label}>
          {t('admin.translate.filterLabel')}
        </label>
        <select
          id="news-languages"
          value={languages}
          onChange={(e) => onLanguages(e.target.value as LanguageFilter)}
          className={input}
        >
          {LANGUAGE_FILTERS.map((filter) => (
            <option key={filter} value={filter}>
              {t(`admin.translate.filter.${filter}`)}
            </option>
          ))}
        </select>
      </div>
    </div>
  );
}
