import { RotateCcw } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { HeroMedia } from '#shared/media';
import { toast } from '../../../../common/toast';
import { button, card } from '../../../lib/ui';
import { useSetHeroMedia } from '../api/media.queries';

type Props = {
  hero: HeroMedia | undefined;
  /** The uploads' names by id (the library's list), to say which file is chosen. */
  names: ReadonlyMap<number, string>;
  siteLinks: boolean;
  homePath: string;
};

/**
 * The home page's hero as the company chose it: its video (muted, looping,
 * inline, still under reduced motion) and its still, each going back to the
 * site's own with one button. Videos and pictures are chosen from the list
 * below ("Use as hero video", "Use as hero still").
 */
export function HeroPanel({ hero, names, siteLinks, homePath }: Props) {
  const { t } = useTranslation();
  const set = useSetHeroMedia();
  const still = hero?.poster?.url ?? hero?.video?.poster_url ?? null;
  const nameOf = (chosen: { id: number; url: string }) => names.get(chosen.id) ?? chosen.url;
  // Only the part reset: the other keeps what the server has, whatever this page last read.
  const reset = (part: 'video' | 'poster') =>
    set.mutate(part === 'video' ? { video_id: null } : { poster_id: null }, {
      onSuccess: () => toast.success(t('admin.media.hero.saved')),
      onError: (error) => toast.failure(t, error, 'admin.media.hero.failed'),
    });
  return (
    <section aria-labelledby="hero-media-title" className={`${card} space-y-3 p-4 sm:p-5`}>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 id="hero-media-title" className="text-base font-semibold text-slate-900">
          {t('admin.media.hero.title')}
        </h3>
        {siteLinks && (
          <a href={homePath} target="_blank" rel="noreferrer" className={button.ghost}>
            {t('admin.siteTexts.viewOnSite')}
            <span className="sr-only"> ({t('admin.opensInNewTab')})</span>
          </a>
        )}
      </div>
      <p className="text-sm text-slate-600">{t('admin.media.hero.hint')}</p>
      <div className="flex flex-col gap-4 sm:flex-row">
        {still ? (
          <img
            src={still}
            alt=""
            className="aspect-video w-full max-w-xs rounded-md object-cover"
          />
        ) : null}
        <dl className="space-y-2 text-sm">
          <div>
            <dt className="font-medium text-slate-800">{t('admin.media.hero.video')}</dt>
            <dd className="flex flex-wrap items-center gap-2 text-slate-700">
              {hero?.video ? nameOf(hero.video) : t('admin.media.hero.own')}
              {hero?.video && (
                <button
                  type="button"
                  className={button.ghost}
                  disabled={set.isPending}
                  onClick={() => reset('video')}
                >
                  <RotateCcw aria-hidden="true" className="h-4 w-4" />
                  {t('admin.media.hero.useOwnVideo')}
                </button>
              )}
            </dd>
          </div>
          <div>
            <dt className="font-medium text-slate-800">{t('admin.media.hero.poster')}</dt>
            <dd className="flex flex-wrap items-center gap-2 text-slate-700">
              {hero?.poster
                ? nameOf(hero.poster)
                : hero?.video
                  ? t('admin.media.hero.fromVideo')
                  : t('admin.media.hero.own')}
              {hero?.poster && (
                <button
                  type="button"
                  className={button.ghost}
                  disabled={set.isPending}
                  onClick={() => reset('poster')}
                >
                  <RotateCcw aria-hidden="true" className="h-4 w-4" />
                  {t('admin.media.hero.useOwnPoster')}
                </button>
              )}
            </dd>
          </div>
        </dl>
      </div>
    </section>
  );
}
