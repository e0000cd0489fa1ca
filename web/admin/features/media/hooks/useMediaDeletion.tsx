import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { MediaItem } from '#shared/media';
import { toast } from '../../../../common/toast';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { useDeleteMedia } from '../api/media.queries';

/**
 * Deleting a file of the media library, for the Media page and the library
 * opened from a form alike: `ask(item)` opens the question, `dialog` is it
 * (render it, or null while nothing is asked), `deleting(item)` says whether
 * that item's deletion is under way. The outcome is toasted either way.
 */
export function useMediaDeletion() {
  const { t } = useTranslation();
  const removal = useDeleteMedia();
  const [toDelete, setToDelete] = useState<MediaItem | null>(null);

  const remove = (item: MediaItem) =>
    removal.mutate(item.id, {
      onSuccess: () => {
        toast.success(t('admin.media.deleted'));
        setToDelete(null);
      },
      onError: (error) => {
        setToDelete(null);
        toast.failure(t, error, 'admin.media.deleteFailed');
      },
    });

  const dialog = toDelete && (
    <ConfirmDialog
      message={t('admin.media.confirmDelete', { name: toDelete.name })}
      confirmLabel={t('admin.media.delete')}
      busy={removal.isPending}
      onCancel={() => setToDelete(null)}
      onConfirm={() => remove(toDelete)}
    />
  );
  return {
    ask: setToDelete,
    deleting: (item: MediaItem) => removal.isPending && removal.variables === item.id,
    dialog,
  };
}
