import { useState, type RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import type { MediaItem } from '#shared/media';
import { toast } from '../../../../common/toast';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { Modal } from '../../../components/Modal';
import { Spinner } from '../../../components/Spinner';
import { useDeleteMedia, useMediaQuery } from '../api/media.queries';
import { MediaCard } from './MediaCard';

type Props = {
  onPick: (url: string) => void;
  onClose: () => void;
  returnFocusTo?: RefObject<HTMLElement | null>;
};

/**
 * Every uploaded image with the articles that show it: one can be reused in
 * the article being edited, or deleted when no article shows it (the server
 * refuses otherwise and says which article does).
 */
export function MediaLibrary({ onPick, onClose, returnFocusTo }: Props) {
  const { t } = useTranslation();
  const media = useMediaQuery();
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

  return (
    <Modal title={t('admin.media.libraryTitle')} onClose={onClose} returnFocusTo={returnFocusTo}>
      <div className="max-h-[70vh] overflow-y-auto px-6 py-5">
        {media.isPending ? (
          <p className="flex items-center gap-2 text-sm text-slate-600">
            <Spinner className="h-4 w-4" />
            {t('admin.media.loading')}
          </p>
        ) : !media.data?.length ? (
          <p className="text-sm text-slate-600">{t('admin.media.empty')}</p>
        ) : (
          <ul className="grid gap-4 sm:grid-cols-2">
            {media.data.map((item) => (
              <MediaCard
                key={item.id}
                item={item}
                pending={removal.isPending && removal.variables === item.id}
                onPick={() => onPick(item.url)}
                onDelete={() => setToDelete(item)}
              />
            ))}
          </ul>
        )}
      </div>
      {toDelete && (
        <ConfirmDialog
          message={t('admin.media.confirmDelete', { name: toDelete.name })}
          confirmLabel={t('admin.media.delete')}
          busy={removal.isPending}
          onCancel={() => setToDelete(null)}
          onConfirm={() => remove(toDelete)}
        />
      )}
    </Modal>
  );
}
