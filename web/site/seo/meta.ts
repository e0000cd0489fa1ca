import type { Translate } from '#shared/languages';
import type { Article } from '#shared/news';

/** `preview`: the article page of a share link (`/preview/<token>`), never indexed. */
export const PAGE_IDS = [
  'home',
  'news',
  'contact',
  'privacy',
  'article',
  'preview',
  'not-found',
] as const;
export type PageId = (typeof PAGE_IDS)[number];

/** The page a route match chain shows: the deepest route whose id is a page id. */
export function pageIdOf(routeIds: readonly string[]): PageId {
  const ids = [...routeIds].reverse();
  return (ids.find((id) => (PAGE_IDS as readonly string[]).includes(id)) as PageId) ?? 'not-found';
}

/** Title and description of a page, in the current language. */
export function pageMeta(
  pageId: PageId,
  t: Translate,
  article: Article | null,
): { title: string; description: string } {
  const site = t('meta.siteName');
  // A shared preview (`/preview/<token>`) is titled like the article it shows.
  if (pageId === 'article' || pageId === 'preview') {
    if (!article) return { title: `${t('article.notFound.title')} | ${site}`, description: '' };
    return { title: `${article.title} | ${site}`, description: article.excerpt };
  }
  const key = pageId === 'not-found' ? 'notFound' : pageId;
  return {
    title: pageId === 'home' ? t('meta.home.title') : `${t(`meta.${key}.title`)} | ${site}`,
    description: t(`meta.${key}.description`),
  };
}
