/**
 * The visitor's pause of the home page's hero video, kept for the visit
 * (sessionStorage): the page's loader (hydrate-on-intent) holds the clip at
 * once on a later home page, and HeroVideo keeps it paused. Small on
 * purpose: the loader runs it before any framework is loaded.
 */
const KEY = 'heroVideoPaused';

/** Whether the visitor paused the hero video earlier in this visit; false when storage is unavailable. */
export function heroVideoPaused(): boolean {
  try {
    return window.sessionStorage.getItem(KEY) === '1';
  } catch {
    return false;
  }
}

export function rememberHeroVideoPaused(paused: boolean): void {
  try {
    if (paused) window.sessionStorage.setItem(KEY, '1');
    else window.sessionStorage.removeItem(KEY);
  } catch {
    // Ignore (privacy mode): the pause holds for this page.
  }
}

/** The hero video element of a page, when it has one (the class HeroVideo gives it). */
export const HERO_VIDEO_SELECTOR = 'video.hero-video';
