import type { RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import { Modal } from '../../../components/Modal';
import { Spinner } from '../../../components/Spinner';
import { button } from '../../../lib/ui';
import { useMediaPages } from '../api/media.queries';
import { useMediaDeletion } from '../hooks/useMediaDeletion';
import { MediaCard } from './MediaCard';
import { LoadFailed } from '../../../components/LoadFailed';

type Props = {
  onPick: (url: string) => void;
  onClose: () => void;
  returnFocusTo?: RefObject<HTMLElement | null>;
};

/**
 * The uploaded images (documents and videos live on the Media page),
 * newest first, a page at a time ("Show more" adds the next), with what
 * shows each: one can be reused in the article being edited, or deleted
 * when nothing shows it (the server refuses otherwise and says what does).
 */
export function MediaLibrary({ onPick, onClose, returnFocusTo }: Props) {
  const { t } = useTranslation();
  const media = useMediaPages('image');
  const items = media.data?.pages.flatMap((p) => p.items) ?? [];
  const total = media.data?.pages.at(-1)?.total ?? 0;
  const deletion = useMediaDeletion();

  return (
    <Modal title={t('admin.media.libraryTitle')} onClose={onClose} returnFocusTo={returnFocusTo}>
      <div className="max-h-[70vh] overflow-y-auto px-6 py-5">
        {media.isPending ? (
          <p className="flex items-center gap-2 text-sm text-slate-600">
            <Spinner className="h-4 w-4" />
            {t('admin.media.loading')}
          </p>
        ) : !media.data ? (
          <LoadFailed onRetry={() => void media.refetch()} />
        ) : items.length === 0 ? (
          <p className="text-sm text-slate-600">{t('admin.media.empty')}</p>
        ) : (
          <>
            <p className="mb-3 text-sm text-slate-600" role="status">
              {t('admin.media.shown', { count: total, shown: items.length })}
            </p>
            <ul className="grid gap-4 sm:grid-cols-2">
              {items.map((item) => (
                <MediaCard
                  key={item.id}
                  item={item}
                  pending={deletion.deleting(item)}
                  onPick={() => onPick(item.url)}
                  onDelete={() => deletion.ask(item)}
                />
              ))}
            </ul>
            {media.hasNextPage && (
              <button
                type="button"
                className={`${button.secondary} mt-4`}
                disabled={media.isFetchingNextPage}
                onClick={() => void media.fetchNextPage()}
              >
                {media.isFetchingNextPage ? t('admin.media.loading') : t('admin.media.more')}
              </button>
            )}
          </>
        )}
      </div>
      {deletion.dialog}
    </Modal>
  );
}
