import poster from './media/hero-poster.jpg';
import mp4 from './media/hero.mp4';
import webm from './media/hero.webm';

/**
 * The home page's hero video and its still (shown until, or instead of, the
 * video, and its largest paint). Imported, so the build names each file by
 * its content (`/assets/hero-poster-<hash>.jpg`) and the server sends it as
 * immutable for a year: a returning visitor asks for none of them again,
 * and a new cut of the video gets a new address.
 */
export const HERO_POSTER = poster;
export const HERO_VIDEOS = { webm, mp4 };
