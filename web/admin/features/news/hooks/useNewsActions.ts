import { useTranslation } from 'react-i18next';
import type { Article } from '#shared/news';
import { publicationStatus } from '#shared/publication';
import { toast } from '../../../../common/toast';
import { useDeleteNews, useSetPublished } from '../api/news.queries';

/**
 * Publish/unpublish and delete with their toasts. `pendingId` is the
 * article whose write runs (its row refuses further clicks until the list is back).
 */
export function useNewsActions() {
  const { t } = useTranslation();
  const toggle = useSetPublished();
  const removal = useDeleteNews();
  const pendingId = toggle.isPending
    ? toggle.variables.id
    : removal.isPending
      ? removal.variables
      : null;

  const togglePublished = (article: Article) => {
    const published = !article.published;
    // Taking back a scheduled article leaves a plain draft (the server drops its future time).
    const done = published
      ? 'admin.toast.published'
      : publicationStatus(article) === 'scheduled'
        ? 'admin.schedule.unscheduled'
        : 'admin.toast.unpublished';
    toggle.mutate(
      { id: article.id, published },
      {
        onSuccess: () => toast.success(t(done)),
        onError: (error) => toast.failure(t, error, 'admin.errors.update'),
      },
    );
  };

  /** Deletes, then `onDeleted` (closes the confirmation); on failure the confirmation stays. */
  const remove = (article: Article, onDeleted: () => void) =>
    removal.mutate(article.id, {
      onSuccess: () => {
        toast.success(t('admin.toast.deleted'));
        onDeleted();
      },
      onError: (error) => toast.failure(t, error, 'admin.errors.delete'),
    });

  return { pendingId, togglePublished, remove, removing: removal.isPending };
}
