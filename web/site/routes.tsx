import type { RouteObject } from 'react-router-dom';
import { LANGUAGES, type Language } from '#shared/languages';
import type { PageRouteHandle } from '#shared/page-query';
import type { SiteData } from '#shared/site-data';
import { renderedLanguage } from './lib/language';
import { createLoaders } from './lib/loaders';
import { SiteLayout } from './layout/SiteLayout';
import { CrashScreen } from './layout/CrashScreen';
import { routeId, type PageId } from './seo/meta';

/** The privacy notice's texts in the page's language (a prefixed address's, else the one shown). */
async function privacyTexts(language: Language | null): Promise<void> {
  // lib/language lives in the loader's chunk: imported statically, as a dynamic import would
  // make that chunk pull the bundler's runtime in before the page's first paint.
  const { loadSection } = await import('../common/i18n');
  // Not fetched: the page shows them once they come (useSiteSection).
  await loadSection(language ?? renderedLanguage(document), 'privacy').catch(() => undefined);
}

/**
 * Every page is a chunk of its own, so a visitor downloads the code of the
 * page in front of them and not of the others (the contact form's validation
 * and the article's markdown renderer stay off the home page). The server's
 * static handler resolves the page before rendering; the browser resolves it
 * before hydrating (entry-client), so nothing flickers.
 */
const pages = {
  home: async () => ({ Component: (await import('./pages/home/HomePage')).HomePage }),
  news: async () => ({ Component: (await import('./pages/news/NewsPage')).NewsPage }),
  contact: async () => ({
    Component: (await import('./pages/contact/ContactRoute')).ContactRoute,
  }),
  // The server renders the markdown body; the browser keeps that HTML (see HydratedMarkdown).
  article: async () => ({
    Component: import.meta.env.SSR
      ? (await import('./pages/article/ArticlePage.server')).ArticleRoute
      : (await import('./pages/article/ArticlePage.client')).ArticleRoute,
  }),
  // Only its own page embeds the notice's texts: one reached without a page load fetches them first.
  privacy: async (language: Language | null) => {
    const [{ PrivacyPage }] = await Promise.all([
      import('./pages/privacy/PrivacyPage'),
      import.meta.env.SSR ? undefined : privacyTexts(language),
    ]);
    return { Component: PrivacyPage };
  },
  notFound: async () => ({
    Component: (await import('./pages/not-found/NotFoundPage')).NotFoundPage,
  }),
};

/**
 * The public pages, one line each, for one form of address: unprefixed
 * (`language` null: the visitor's choice) or under a language prefix, whose
 * loaders read articles in that language. Route ids double as page ids for
 * titles and head tags (`news`, `pt:news`).
 *
 * A page that reads a query parameter declares it here, in `reads` (its
 * route's `handle.query`, shared/page-query.ts): the server renders each page
 * with its declared parameters only and keys its cached answer on them, so
 * a parameter read without being declared never reaches the page (and the
 * test of server/site/page-query.test.ts fails).
 */
function pageRoutes(site: SiteData, language: Language | null): RouteObject[] {
  const loaders = createLoaders(site, language);
  const page = (id: PageId) => ({ id: routeId(id, language) });
  const reads = (query: PageRouteHandle['query']): { handle: PageRouteHandle } => ({
    handle: { query },
  });
  return [
    { ...page('home'), index: true, loader: loaders.home, lazy: pages.home },
    {
      ...page('news'),
      path: 'news',
      ...reads({ page: 'list-page' }),
      loader: loaders.news,
      lazy: pages.news,
    },
    {
      ...page('contact'),
      path: 'contact',
      ...reads({ sent: 'flag' }),
      action: loaders.contact,
      lazy: pages.contact,
    },
    { ...page('privacy'), path: 'privacy', lazy: () => pages.privacy(language) },
    // Share links of drafts live at one address, without a language prefix.
    ...(language === null
      ? [
          {
            ...page('preview'),
            path: 'preview/:token',
            loader: loaders.preview,
            lazy: pages.article,
          },
        ]
      : []),
    { ...page('article'), path: ':slug', loader: loaders.article, lazy: pages.article },
    { ...page('not-found'), path: '*', loader: loaders.notFound, lazy: pages.notFound },
  ];
}

/**
 * The one route table of the public site, used by the server (static handler
 * over the services) and by the browser (data router over the JSON API):
 * every page at its own address and under `/en`, `/pt` and `/de` (the
 * language prefixes are reserved slugs, so they never name an article).
 */
export function createRoutes(site: SiteData): RouteObject[] {
  return [
    {
      id: 'root',
      path: '/',
      // The header's and footer's pages come with the page; the browser keeps them after.
      loader: createLoaders(site).navigation,
      shouldRevalidate: () => false,
      element: <SiteLayout />,
      errorElement: <CrashScreen />,
      children: [
        { errorElement: <CrashScreen />, children: pageRoutes(site, null) },
        ...LANGUAGES.map((language) => ({
          path: language,
          errorElement: <CrashScreen />,
          children: pageRoutes(site, language),
        })),
      ],
    },
  ];
}
