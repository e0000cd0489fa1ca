import type { Article, ArticlePayload } from '#shared/news';
import { api } from '../../../../common/api';

/** `PUT /api/news/{id}` with every field of the edit form. */
export function updateNews(id: number, payload: ArticlePayload): Promise<Article> {
  return api<Article>(`/news/${id}`, { method: 'PUT', body: payload });
}
