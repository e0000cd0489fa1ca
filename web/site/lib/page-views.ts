import { viewOf, type PageView } from '#shared/page-views';
import type { Language } from '#shared/languages';
import { pageIdOf } from '../seo/meta';
import { pastLastPage, type ArticleLoaderData, type NewsLoaderData } from './loaders';

type Match = { id: string; data: unknown };

/**
 * The page view a page shown by the site's script counts as, from the
 * router's matches (the deepest page's route id and data): the same view the
 * server counts when it sends that page. Null for what is never counted (a
 * share link's draft, the not-found page, a missing article, a news page
 * past the last) and for a page whose data could not be read.
 */
export function shownView(matches: readonly Match[], language: Language): PageView | null {
  const pageId = pageIdOf(matches.map((m) => m.id));
  const data = matches.at(-1)?.data as Partial<ArticleLoaderData & NewsLoaderData> | undefined;
  if (data?.error) return null;
  if (pageId === 'news' && pastLastPage({ page: data?.page ?? 1, list: data?.list ?? null })) {
    return null;
  }
  const view = viewOf(pageId, data?.article ?? data?.page);
  return view && { ...view, language };
}

/**
 * Tells the server a page was shown without a page load (`POST
 * /api/analytics/views`): no cookie of its own, no identifier, nothing but
 * the page and its language. Sent after the page is on screen, and a
 * failure is of no concern to the visitor.
 */
export async function sendPageView(view: PageView): Promise<void> {
  try {
    const { api } = await import('../../common/api');
    await api('/analytics/views', { method: 'POST', body: view });
  } catch {
    // Not counted: nothing else happens.
  }
}
