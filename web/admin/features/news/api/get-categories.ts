import type { CategoryCount } from '#shared/news';
import { api } from '../../../../common/api';

/** `GET /api/news/categories`: categories of published articles with their counts. */
export function getCategories(signal?: AbortSignal): Promise<CategoryCount[]> {
  return api<CategoryCount[]>('/news/categories', { signal });
}
