import type { Article } from '#shared/news';
import { api } from '../../../../common/api';

/** `PUT /api/news/{id}` with only `{published}`: the publish/unpublish toggle (spec). */
export function setPublished(id: number, published: boolean): Promise<Article> {
  return api<Article>(`/news/${id}`, { method: 'PUT', body: { published } });
}
