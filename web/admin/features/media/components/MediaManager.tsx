import { Clapperboard, Copy, ImageIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { localizedPath } from '#shared/language-paths';
import { pickLanguage } from '#shared/languages';
import { uploadKind, type MediaItem } from '#shared/media';
import { toast } from '../../../../common/toast';
import { RowAction } from '../../../components/RowAction';
import { Spinner } from '../../../components/Spinner';
import { button } from '../../../lib/ui';
import { useHeroMedia, useMediaPages, useSetHeroMedia } from '../api/media.queries';
import { FileUpload } from './FileUpload';
import { HeroPanel } from './HeroPanel';
import { useMediaDeletion } from '../hooks/useMediaDeletion';
import { MediaCard } from './MediaCard';
import { LoadFailed } from '../../../components/LoadFailed';

/**
 * Whether "Copy" gives a Markdown link: for a document, and for a video
 * (articles' Markdown shows no video, and its address alone stays plain
 * text); a picture gives its address.
 */
const copiesLink = (item: MediaItem) => uploadKind(item.type) !== 'image';

/** What "Copy" puts on the clipboard: a Markdown link to the file, or a picture's address. */
const linkOf = (item: MediaItem) =>
  copiesLink(item)
    ? `[${item.name.replace(/[[\]]/g, '')}](${item.url})`
    : new URL(item.url, window.location.origin).pathname;

/** What the toast says once copied: a video's link opens the video, it does not play in the text. */
const COPIED = {
  image: 'admin.media.copied',
  document: 'admin.media.copied',
  video: 'admin.media.copiedVideo',
} as const;

/**
 * The media library: upload any file it takes, the home page's hero, and
 * every upload with what shows it, its link for an article's text, "Use as
 * hero video/still", and deletion when nothing shows it.
 */
export function MediaManager({ siteLinks }: { siteLinks: boolean }) {
  const { t, i18n } = useTranslation();
  const media = useMediaPages();
  const items = media.data?.pages.flatMap((p) => p.items) ?? [];
  const total = media.data?.pages.at(-1)?.total ?? 0;
  const hero = useHeroMedia();
  const setHero = useSetHeroMedia();
  const deletion = useMediaDeletion();

  // Only the part chosen: the other keeps what the server has, whatever this page last read.
  const choose = (item: MediaItem, part: 'video' | 'poster') =>
    setHero.mutate(part === 'video' ? { video_id: item.id } : { poster_id: item.id }, {
      onSuccess: () => toast.success(t('admin.media.hero.saved')),
      onError: (error) => toast.failure(t, error, 'admin.media.hero.failed'),
    });
  const copy = (item: MediaItem) =>
    navigator.clipboard.writeText(linkOf(item)).then(
      () => toast.success(t(COPIED[uploadKind(item.type)])),
      () => toast.error(t, t('admin.media.copyFailed')),
    );
  return (
    <div className="space-y-6">
      <FileUpload />
      <HeroPanel
        hero={hero.data}
        names={new Map(items.map((item) => [item.id, item.name]))}
        siteLinks={siteLinks}
        homePath={localizedPath(pickLanguage(i18n.language), '/')}
      />
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
          <p className="text-sm text-slate-600" role="status">
            {t('admin.media.shownFiles', { count: total, shown: items.length })}
          </p>
          <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
            {items.map((item) => {
              const kind = uploadKind(item.type);
              const pending = deletion.deleting(item);
              const name = <span className="sr-only">: {item.name}</span>;
              return (
                <MediaCard
                  key={item.id}
                  item={item}
                  pending={pending}
                  onDelete={() => deletion.ask(item)}
                >
                  <RowAction
                    pending={pending}
                    className={button.ghost}
                    onClick={() => void copy(item)}
                  >
                    <Copy aria-hidden="true" className="h-4 w-4" />
                    {copiesLink(item) ? t('admin.media.copyMarkdown') : t('admin.media.copyLink')}
                    {name}
                  </RowAction>
                  {kind === 'video' && hero.data?.video?.id !== item.id && (
                    <RowAction
                      pending={setHero.isPending}
                      className={button.ghost}
                      onClick={() => choose(item, 'video')}
                    >
                      <Clapperboard aria-hidden="true" className="h-4 w-4" />
                      {t('admin.media.hero.useVideo')}
                      {name}
                    </RowAction>
                  )}
                  {kind === 'image' && hero.data?.poster?.id !== item.id && (
                    <RowAction
                      pending={setHero.isPending}
                      className={button.ghost}
                      onClick={() => choose(item, 'poster')}
                    >
                      <ImageIcon aria-hidden="true" className="h-4 w-4" />
                      {t('admin.media.hero.usePoster')}
                      {name}
                    </RowAction>
                  )}
                </MediaCard>
              );
            })}
          </ul>
          {media.hasNextPage && (
            <button
              type="button"
              className={button.secondary}
              disabled={media.isFetchingNextPage}
              onClick={() => void media.fetchNextPage()}
            >
              {media.isFetchingNextPage ? t('admin.media.loading') : t('admin.media.moreFiles')}
            </button>
          )}
        </>
      )}
      {deletion.dialog}
    </div>
  );
}
