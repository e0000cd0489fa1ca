import { useTranslation } from 'react-i18next';
import { SEARCH_MAX_RESULTS } from '#shared/list-query';

/**
 * A list's count as its header and pager say it: `key` with the total, or,
 * for a search that reached SEARCH_MAX_RESULTS (the server lists no more
 * matches than that, the most recent), that there may be more.
 */
export function useListCount() {
  const { t } = useTranslation();
  return (key: 'admin.news.count' | 'admin.contacts.count', total: number, searched: boolean) =>
    searched && total >= SEARCH_MAX_RESULTS
      ? t('admin.common.searchCapped', { count: total })
      : t(key, { count: total });
}
