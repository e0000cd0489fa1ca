/**
 * What the spinner says while the router loads `target`: the news list, an
 * article (any one-segment path is an article lookup), or any other page.
 */
export function loadingLabelKey(target: string): string {
  if (target === '/news') return 'news.loading';
  if (/^\/[^/]+$/.test(target)) return 'article.loading';
  return 'app.loading';
}
