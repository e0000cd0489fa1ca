import type { Article } from '#shared/news';
import { api } from '../../../../common/api';

/** `GET /api/news/admin`: every article, drafts included, newest first. */
export function getAdminNews(signal?: AbortSignal): Promise<Article[]> {
  return api<Article[]>('/news/admin', { signal });
}
