import type { Language, Translate } from '#shared/languages';
import type { Article } from '#shared/news';
import type { Page } from '#shared/pages';
import { searchDescription, searchTitle } from '#shared/search-fields';

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

/** The route id of a page: its page id, with the language of a prefixed address (`pt:news`). */
export const routeId = (page: PageId, language: Language | null): string =>
  language ? `${language}:${page}` : page;

/** The page id of a route id (`pt:news` -> `news`), or null for a route that is no page. */
function pageOfRoute(id: string): PageId | null {
  const page = id.slice(id.indexOf(':') + 1);
  return (PAGE_IDS as readonly string[]).includes(page) ? (page as PageId) : null;
}

/** The page a route match chain shows: the deepest route whose id is a page id. */
export function pageIdOf(routeIds: readonly string[]): PageId {
  for (const id of [...routeIds].reverse()) {
    const page = pageOfRoute(id);
    if (page) return page;
  }
  return 'not-found';
}

/**
 * Title and description of a page, in the current language; an article's or
 * page's own (its search title and description where it has them).
 */
export function pageMeta(
  pageId: PageId,
  t: Translate,
  shown: Article | Page | null,
): { title: string; description: string } {
  const site = t('meta.siteName');
  // A shared preview (`/preview/<token>`) is titled like the article or page it shows.
  if (pageId === 'article' || pageId === 'preview') {
    if (!shown) return { title: `${t('article.notFound.title')} | ${site}`, description: '' };
    return { title: searchTitle(shown, site), description: searchDescription(shown) };
  }
  const key = pageId === 'not-found' ? 'notFound' : pageId;
  return {
    title: pageId === 'home' ? t('meta.home.title') : `${t(`meta.${key}.title`)} | ${site}`,
    description: t(`meta.${key}.description`),
  };
}
