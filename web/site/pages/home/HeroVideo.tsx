import { useEffect, useRef } from 'react';
import { responsiveImage, type HeroMedia } from '#shared/media';
import { HERO_POSTER, HERO_VIDEOS } from './hero-media';

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
 */
export function HeroVideo({ hero }: { hero: HeroMedia }) {
  const video = useRef<HTMLVideoElement>(null);
  const chosen = hero.video;
  useEffect(() => {
    const element = video.current;
    if (!element) return;
    const query = window.matchMedia('(prefers-reduced-motion: reduce)');
    const apply = () => {
      if (query.matches) return element.pause();
      if (!element.currentSrc) element.load(); // sources were skipped at page load
      void element.play().catch(() => undefined);
    };
    apply();
    query.addEventListener('change', apply);
    return () => query.removeEventListener('change', apply);
  }, [chosen?.url]);

  // A chosen still is a picture of responsive copies (a style attribute would break the CSP).
  const still = hero.poster?.url ?? chosen?.poster_url ?? null;
  const picture = still ? responsiveImage(still) : null;
  return (
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
  );
}
