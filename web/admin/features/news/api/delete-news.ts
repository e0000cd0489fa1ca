import { api } from '../../../../common/api';

/** `DELETE /api/news/{id}`. */
export function deleteNews(id: number): Promise<{ id: number }> {
  return api<{ id: number }>(`/news/${id}`, { method: 'DELETE' });
}
