import { Search } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { input, label } from '../../../lib/ui';
import type { StatusFilter } from '../hooks/useArticleFilters';

type Props = {
  query: string;
  onQuery: (value: string) => void;
  status: StatusFilter;
  onStatus: (value: StatusFilter) => void;
};

export function NewsFilters({ query, onQuery, status, onStatus }: Props) {
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
    </div>
  );
}
