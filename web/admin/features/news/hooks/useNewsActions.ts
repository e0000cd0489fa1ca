import type { Article } from '#shared/news';
import { useWrite } from '../../../hooks/useWrite';
import { deleteNews } from '../api/delete-news';
import { setPublished } from '../api/set-published';

/** Publish/unpublish and delete, each with the spec's toasts, then a reload of the lists. */
export function useNewsActions(reload: () => Promise<void>) {
  const { pendingId, run } = useWrite(reload);

  const togglePublished = (article: Article) =>
    run(
      article.id,
      () => setPublished(article.id, !article.published),
      article.published ? 'admin.toast.unpublished' : 'admin.toast.published',
      'admin.errors.update',
    );

  const remove = (article: Article) =>
    run(article.id, () => deleteNews(article.id), 'admin.toast.deleted', 'admin.errors.delete');

  return { pendingId, togglePublished, remove };
}
