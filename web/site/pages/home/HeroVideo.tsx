import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Pause, Play } from 'lucide-react';
import { responsiveImage, type HeroMedia } from '#shared/media';
import { HERO_POSTER, HERO_VIDEOS } from './hero-media';
import { heroVideoPaused, rememberHeroVideoPaused } from './hero-pause';

/** Sources are picked only when the visitor has not asked for reduced motion. */
const MOTION_OK = '(prefers-reduced-motion: no-preference)';

/**
 * The hero's background clip: the site's own, or the video the company chose
 * in the admin (with its still, or a picture of its own). It is muted,
 * inline and looping; the still is the first paint. Under
 * `prefers-reduced-motion: reduce` no source matches, so nothing is
 * downloaded or played even before hydration or without JavaScript; CSS
 * hides the element, leaving the still. A preference changed while the page
 * is open is followed: the clip is paused, or loaded and played.
 *
 * A button in the hero's corner pauses and plays the clip (WCAG 2.2.2: moving
 * content that lasts has a way to stop it); it is in the server's HTML but
 * shown only once the page's loader runs (`hero-pause` in site.css: without
 * JavaScript it would do nothing), works from then on (a press before
 * hydration is replayed then), and is hidden with the clip under reduced
 * motion. It sits over the hero, so showing it moves nothing. A pause holds
 * for the visit (hero-pause.ts). `children`, the hero's text, come between
 * the clip and the button, so the button follows them in reading order as on
 * screen.
 */
export function HeroVideo({ hero, children }: { hero: HeroMedia; children?: ReactNode }) {
  const { t } = useTranslation();
  const video = useRef<HTMLVideoElement>(null);
  // Playing, as the server renders it; a pause earlier in the visit is applied once hydrated.
  const [paused, setPaused] = useState(false);
  const chosen = hero.video;
  useEffect(() => {
    if (heroVideoPaused()) setPaused(true);
  }, []);
  useEffect(() => {
    const element = video.current;
    if (!element) return;
    const query = window.matchMedia('(prefers-reduced-motion: reduce)');
    const apply = () => {
      if (query.matches || paused || heroVideoPaused()) return element.pause();
      if (!element.currentSrc) element.load(); // sources were skipped at page load
      void element.play().catch(() => undefined);
    };
    apply();
    query.addEventListener('change', apply);
    return () => query.removeEventListener('change', apply);
  }, [chosen?.url, paused]);
  const toggle = () => {
    rememberHeroVideoPaused(!paused);
    setPaused(!paused);
  };

  // A chosen still is a picture of responsive copies (a style attribute would break the CSP).
  const still = hero.poster?.url ?? chosen?.poster_url ?? null;
  const picture = still ? responsiveImage(still) : null;
  return (
    <>
      <div
        aria-hidden="true"
        // The site's own still is the background of `hero-poster` (site.css), the same file as HERO_POSTER.
        className={`${picture ? '' : 'hero-poster'} absolute inset-0 bg-cover bg-center`}
      >
        {picture && (
          <picture>
            {picture.sources.map(({ type, srcset }) => (
              <source key={type} type={type} srcSet={srcset} sizes="100vw" />
            ))}
            <img
              src={picture.src}
              width={picture.width}
              height={picture.height}
              alt=""
              fetchPriority="high"
              className="absolute inset-0 size-full object-cover"
            />
          </picture>
        )}
        <video
          key={chosen?.url ?? 'site'}
          ref={video}
          className="hero-video absolute inset-0 size-full object-cover"
          muted
          loop
          playsInline
          autoPlay
          preload="metadata"
          poster={still ?? HERO_POSTER}
          tabIndex={-1}
        >
          {chosen ? (
            <source src={chosen.url} type={chosen.type} media={MOTION_OK} />
          ) : (
            <>
              <source src={HERO_VIDEOS.webm} type="video/webm" media={MOTION_OK} />
              <source src={HERO_VIDEOS.mp4} type="video/mp4" media={MOTION_OK} />
            </>
          )}
        </video>
        <div className="absolute inset-0 bg-gradient-to-b from-navy-950/80 via-navy-900/60 to-navy-950/90" />
      </div>
      {children}
      <button
        type="button"
        onClick={toggle}
        className="hero-pause absolute right-4 bottom-4 z-10 inline-flex items-center gap-1.5 rounded-full bg-navy-950/70 px-3 py-1.5 text-xs font-medium text-white ring-1 ring-white/30 transition hover:bg-navy-950/90 hover:ring-white/60 motion-reduce:hidden sm:right-6 sm:bottom-6"
      >
        {paused ? (
          <Play aria-hidden="true" className="size-3.5" />
        ) : (
          <Pause aria-hidden="true" className="size-3.5" />
        )}
        {paused ? t('home.hero.video.play') : t('home.hero.video.pause')}
      </button>
    </>
  );
}
