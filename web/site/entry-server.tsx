import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { I18nextProvider } from 'react-i18next';
import {
  createStaticHandler,
  createStaticRouter,
  matchRoutes,
  StaticRouterProvider,
} from 'react-router-dom';
import type { PageQuery, PageRouteHandle } from '#shared/page-query';
import type { SiteData } from '#shared/site-data';
import { viewOf } from '#shared/page-views';
import type { SsrPageQuery, SsrRender } from '#shared/ssr';
import { createI18n, toResources } from '#shared/i18n';
import { createRoutes } from './routes';
import { buildHead } from './seo/head';
import { pageIdOf } from './seo/meta';
import { serializeHydration } from './lib/hydration';
import type { ArticleLoaderData } from './lib/loaders';

/**
 * Server rendering of one public page: run the route loaders over the
 * services, render the matched pages in the request's language with a fresh
 * i18n instance over the texts the server hands in (the catalogues with the
 * company's site texts in place, which the page also embeds for hydration),
 * and hand back markup, head tags, status and router state.
 */
export const render: SsrRender = async ({ url, origin, language, catalogues, data, form }) => {
  const handler = createStaticHandler(createRoutes(data));
  const request = new Request(
    pageUrl(origin, url),
    form ? { method: 'POST', body: new URLSearchParams(form) } : { method: 'GET' },
  );
  const context = await handler.query(request);
  if (context instanceof Response) {
    return {
      kind: 'redirect',
      status: context.status,
      location: context.headers.get('Location') ?? '/',
    };
  }

  const i18n = createI18n(language, toResources(catalogues));
  const router = createStaticRouter(handler.dataRoutes, context);
  const html = renderToString(
    <StrictMode>
      <I18nextProvider i18n={i18n}>
        <StaticRouterProvider router={router} context={context} hydrate={false} />
      </I18nextProvider>
    </StrictMode>,
  );

  const pageId = pageIdOf(context.matches.map((m) => m.route.id));
  const leaf = context.matches.at(-1)?.route.id;
  const articleData =
    (pageId === 'article' || pageId === 'preview') && leaf
      ? (context.loaderData[leaf] as ArticleLoaderData | undefined)
      : undefined;
  const head = buildHead({
    pageId,
    origin,
    path: context.location.pathname,
    search: context.location.search,
    language,
    t: i18n.t.bind(i18n),
    article: articleData?.article ?? null,
    page: articleData?.page ?? null,
    notFound: context.statusCode === 404,
  });

  return {
    kind: 'page',
    status: context.statusCode,
    pageId,
    view: viewOf(pageId, articleData?.article ?? articleData?.page),
    html,
    head,
    hydration: serializeHydration({
      loaderData: context.loaderData,
      actionData: context.actionData,
    }),
  };
};

/**
 * The page's URL: the site's origin with `url` (path and query) as its path
 * and query. `new URL(url, origin)` would read `//host/x` or `/\host/x` as
 * another host's `/x` and render that page; here it stays a path with an
 * empty segment, which no route but the 404 page's matches.
 */
function pageUrl(origin: string, url: string): URL {
  const q = url.indexOf('?');
  const page = new URL(origin);
  page.pathname = q === -1 ? url : url.slice(0, q);
  page.search = q === -1 ? '' : url.slice(q);
  return page;
}

/** The route table for matching addresses only: its loaders never run. */
const unused = (): never => {
  throw new Error('the route table of pageQuery loads no data');
};
const matchingRoutes = createRoutes({
  listNews: unused,
  getArticle: unused,
  getPage: unused,
  getPreview: unused,
  navigation: unused,
  heroMedia: unused,
  submitContact: unused,
} satisfies SiteData);

/**
 * The query parameters the page at `pathname` reads: what its routes
 * declare (`handle.query` in routes.tsx), from the root to the page.
 */
export const pageQuery: SsrPageQuery = (pathname) => {
  const declared: Record<string, PageQuery[string]> = {};
  for (const match of matchRoutes(matchingRoutes, pathname) ?? []) {
    Object.assign(declared, (match.route.handle as PageRouteHandle | undefined)?.query);
  }
  return declared;
};
