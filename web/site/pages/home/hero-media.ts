/** The still of the home page's hero video: shown until (or instead of) the video, and its largest paint. */
export const HERO_POSTER = '/media/hero-poster.jpg';
