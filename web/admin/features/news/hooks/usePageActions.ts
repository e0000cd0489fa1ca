import { useTranslation } from 'react-i18next';
import type { AdminPage } from '#shared/pages';
import { publicationStatus } from '#shared/publication';
import { toast } from '../../../../common/toast';
import { useDeletePage, useReorderPages, useSetPagePublished } from '../api/pages.queries';

/**
 * Publish/unpublish, delete and reorder pages, with their toasts.
 * `pendingId`: the page whose write runs (its row refuses further clicks).
 */
export function usePageActions() {
  const { t } = useTranslation();
  const toggle = useSetPagePublished();
  const removal = useDeletePage();
  const reorder = useReorderPages();
  const pendingId = toggle.isPending
    ? toggle.variables.id
    : removal.isPending
      ? removal.variables
      : null;

  const togglePublished = (page: AdminPage) => {
    const published = !page.published;
    const done = published
      ? 'admin.pages.toast.published'
      : publicationStatus(page) === 'scheduled'
        ? 'admin.schedule.unscheduled'
        : 'admin.pages.toast.unpublished';
    toggle.mutate(
      { id: page.id, published },
      {
        onSuccess: () => toast.success(t(done)),
        onError: (error) => toast.failure(t, error, 'admin.errors.update'),
      },
    );
  };

  const remove = (page: AdminPage, onDeleted: () => void) =>
    removal.mutate(page.id, {
      onSuccess: () => {
        toast.success(t('admin.pages.toast.deleted'));
        onDeleted();
      },
      onError: (error) => toast.failure(t, error, 'admin.errors.delete'),
    });

  /** Saves a new order of every page; a failure says so and the list shows the stored order again. */
  const saveOrder = (ids: number[]) =>
    reorder.mutate(ids, {
      onError: (error) => toast.failure(t, error, 'admin.pages.orderFailed'),
    });

  return {
    pendingId,
    togglePublished,
    remove,
    removing: removal.isPending,
    saveOrder,
    ordering: reorder.isPending,
  };
}
