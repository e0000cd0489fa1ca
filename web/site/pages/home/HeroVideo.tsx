import { useEffect, useRef } from 'react';
import { HERO_POSTER, HERO_VIDEOS } from './hero-media';

/** Sources are picked only when the visitor has not asked for reduced motion. */
const MOTION_OK = '(prefers-reduced-motion: no-preference)';

/**
 * The hero's background clip. It is muted, inline and looping; the poster is
 * the first paint. Under `prefers-reduced-motion: reduce` no source matches, so
 * nothing is downloaded or played even before hydration or without JavaScript;
 * CSS hides the element, leaving the poster image. A preference changed while
 * the page is open is followed: the clip is paused, or loaded and played.
 */
export function HeroVideo() {
  const video = useRef<HTMLVideoElement>(null);
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
  }, []);

  return (
    <div
      aria-hidden="true"
      // The still is the background of `hero-poster` (site.css), the same file as HERO_POSTER; a style attribute would break the CSP.
      className="hero-poster absolute inset-0 bg-cover bg-center"
    >
      <video
        ref={video}
        className="hero-video size-full object-cover"
        muted
        loop
        playsInline
        autoPlay
        preload="metadata"
        poster={HERO_POSTER}
        tabIndex={-1}
      >
        <source src={HERO_VIDEOS.webm} type="video/webm" media={MOTION_OK} />
        <source src={HERO_VIDEOS.mp4} type="video/mp4" media={MOTION_OK} />
      </video>
      <div className="absolute inset-0 bg-gradient-to-b from-navy-950/80 via-navy-900/60 to-navy-950/90" />
    </div>
  );
}
