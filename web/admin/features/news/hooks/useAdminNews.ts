import type { Article } from '#shared/news';
import { useResource } from '../../../hooks/useResource';
import { getAdminNews } from '../api/get-admin-news';

const none: Article[] = [];

/** Every article for the News tab; `reload()` after each successful write. */
export function useAdminNews(enabled: boolean) {
  const { data, loaded, failed, reload } = useResource(getAdminNews, none, enabled);
  return { articles: data, loaded, failed, reload };
}
