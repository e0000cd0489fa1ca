/** One-segment paths that are pages of their own, not article lookups. */
const PAGES = new Set(['/contact', '/privacy']);

/**
 * What the spinner says while the router loads `target`: the news list, an
 * article (any other one-segment path is an article lookup), or any other page.
 */
export function loadingLabelKey(target: string): string {
  if (target === '/news') return 'news.loading';
  if (PAGES.has(target)) return 'app.loading';
  if (/^\/[^/]+$/.test(target)) return 'article.loading';
  return 'app.loading';
}
