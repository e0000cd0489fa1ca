import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from 'react-router-dom';
import { localizedPath } from '#shared/language-paths';
import type { Language } from '#shared/languages';
import type { HeroMedia } from '#shared/media';
import type { Article, NewsList } from '#shared/news';
import type { NavPage, Page } from '#shared/pages';
import { NEWS_PAGE_SIZE, parsePageParam } from '#shared/pagination';
import type { SiteData } from '#shared/site-data';
import { toLoadError, type LoadError } from './load-error';

export type NewsLoaderData = { page: number; list: NewsList | null; error: LoadError | null };

/** A page number past the list's last page (`/news?page=99`): no page of the list. */
export function pastLastPage({ page, list }: Pick<NewsLoaderData, 'page' | 'list'>): boolean {
  return list !== null && page > list.pages;
}
/** What `/{slug}` (and a share link) shows: an article, else a page of that slug, else nothing. */
export type ArticleLoaderData = {
  slug: string;
  article: Article | null;
  page?: Page | null;
  error: LoadError | null;
};
/** The pages of the header and footer (the root route's data). */
export type NavigationData = { pages: NavPage[] };
/** The home page's hero media; a failed read shows the site's own. */
export type HomeLoaderData = { hero: HeroMedia };

const SITE_HERO: HeroMedia = { video: null, poster: null };

/**
 * Route loaders over a `SiteData`: the server passes one backed by the
 * services, the browser one backed by the API. Failures become data so the
 * page can show its own error state (and the server the right status).
 * `language`: the language prefix of the routes they serve (`/pt/…`), whose
 * articles come in it; null for unprefixed routes (the page's language).
 */
export function createLoaders(site: SiteData, language: Language | null = null) {
  const asked = language ?? undefined;
  return {
    async home(): Promise<HomeLoaderData> {
      try {
        return { hero: await site.heroMedia() };
      } catch {
        return { hero: SITE_HERO };
      }
    },
    async news({ request }: LoaderFunctionArgs) {
      const page = parsePageParam(new URL(request.url).searchParams.get('page'));
      try {
        const list = await site.listNews({ page, perPage: NEWS_PAGE_SIZE, language: asked });
        // A page past the last is not found (not indexed, not counted as a view of the news).
        const shown = { page, list, error: null } satisfies NewsLoaderData;
        return pastLastPage(shown) ? data(shown, { status: 404 }) : shown;
      } catch (error) {
        return data(
          {
            page,
            list: null,
            error: toLoadError(error, 'news.fetchFailed'),
          } satisfies NewsLoaderData,
          {
            status: 500,
          },
        );
      }
    },
    async article({ params }: LoaderFunctionArgs) {
      // A malformed slug names no article: the data source answers null (the
      // server's checks the pattern, the API answers 404), so the page shows its 404.
      const slug = params.slug ?? '';
      try {
        const article = await site.getArticle(slug, { language: asked });
        const page = article ? null : await site.getPage(slug, { language: asked });
        return data({ slug, article, page, error: null } satisfies ArticleLoaderData, {
          status: article || page ? 200 : 404,
        });
      } catch (error) {
        const failure = toLoadError(error, 'article.fetchFailed');
        return data({ slug, article: null, error: failure } satisfies ArticleLoaderData, {
          status: 500,
        });
      }
    },
    /** A share link of a draft (`/preview/<token>`): its article or page, or 404 once it stops working. */
    async preview({ params }: LoaderFunctionArgs) {
      const slug = '';
      try {
        const shown = await site.getPreview(params.token ?? '', { language: asked });
        const article = shown && 'news' in shown ? shown.news : null;
        const page = shown && 'page' in shown ? shown.page : null;
        return data({ slug, article, page, error: null } satisfies ArticleLoaderData, {
          status: shown ? 200 : 404,
        });
      } catch (error) {
        const failure = toLoadError(error, 'article.fetchFailed');
        return data({ slug, article: null, error: failure } satisfies ArticleLoaderData, {
          status: 500,
        });
      }
    },
    /**
     * The contact form posted without JavaScript: sent -> back to the same
     * address (`/pt/contact`) with `?sent=1`, else the form again.
     */
    async contact({ request }: ActionFunctionArgs) {
      const fields = Object.fromEntries(
        [...(await request.formData())].filter(
          (entry): entry is [string, string] => typeof entry[1] === 'string',
        ),
      );
      const result = await site.submitContact(fields);
      if (result.status === 'sent') {
        const thanks = '/contact?sent=1';
        return redirect(language ? localizedPath(language, thanks) : thanks, 303);
      }
      return data(result, { status: result.status === 'invalid' ? 400 : result.httpStatus });
    },
    /**
     * The header's and footer's pages, read once with the page (the browser
     * keeps them: see the root route); a failure leaves the menus without them.
     */
    async navigation(): Promise<NavigationData> {
      try {
        return { pages: await site.navigation() };
      } catch {
        return { pages: [] };
      }
    },
    notFound() {
      return data(null, { status: 404 });
    },
  };
}
