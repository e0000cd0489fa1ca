import { splitLanguagePath } from '#shared/language-paths';

/** One-segment paths that are pages of their own, not article lookups. */
const OWN_PAGES = new Set(['/contact', '/privacy']);

/**
 * What the spinner says while the router loads `target` (with or without its
 * language prefix): the news list, an article (a one-segment path other
 * than a page of its own is an article lookup), or any other page.
 */
export function loadingLabelKey(target: string): string {
  const { path } = splitLanguagePath(target);
  if (path === '/news') return 'news.loading';
  if (/^\/[^/]+$/.test(path) && !OWN_PAGES.has(path)) return 'article.loading';
  return 'app.loading';
}
