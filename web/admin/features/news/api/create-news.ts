import type { Article, ArticlePayload } from '#shared/news';
import { api } from '../../../../common/api';

/** `POST /api/news`: a new article (201); 409 when the slug is taken. */
export function createNews(payload: ArticlePayload): Promise<Article> {
  return api<Article>('/news', { method: 'POST', body: payload });
}
