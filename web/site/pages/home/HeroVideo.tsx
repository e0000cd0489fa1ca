import { useEffect, useRef } from 'react';

/**
 * The hero's background clip. It is muted, inline and looping; the poster is
 * the first paint. Under `prefers-reduced-motion: reduce` it is paused and
 * hidden by CSS, leaving the poster image.
 */
export function HeroVideo() {
  const video = useRef<HTMLVideoElement>(null);
  useEffect(() => {
    const element = video.current;
    if (!element) return;
    const query = window.matchMedia('(prefers-reduced-motion: reduce)');
    const apply = () => {
      if (query.matches) element.pause();
      else void element.play().catch(() => undefined);
    };
    apply();
    query.addEventListener('change', apply);
    return () => query.removeEventListener('change', apply);
  }, []);

  return (
    <div
      aria-hidden="true"
      className="absolute inset-0 bg-[url('/media/hero-poster.jpg')] bg-cover bg-center"
    >
      <video
        ref={video}
        className="hero-video size-full object-cover"
        muted
        loop
        playsInline
        autoPlay
        preload="metadata"
        poster="/media/hero-poster.jpg"
        tabIndex={-1}
      >
        <source src="/media/hero.webm" type="video/webm" />
        <source src="/media/hero.mp4" type="video/mp4" />
      </video>
      <div className="absolute inset-0 bg-gradient-to-b from-navy-950/80 via-navy-900/60 to-navy-950/90" />
    </div>
  );
}
