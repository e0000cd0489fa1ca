import type { RouteObject } from 'react-router-dom';
import type { SiteData } from '#shared/site-data';
import { createLoaders } from './lib/loaders';
import { SiteLayout } from './layout/SiteLayout';
import { CrashScreen } from './layout/CrashScreen';
import type { PageId } from './seo/meta';

/** Route ids double as page ids for titles and head tags. */
const page = (id: PageId) => ({ id });

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
  privacy: async () => ({ Component: (await import('./pages/privacy/PrivacyPage')).PrivacyPage }),
  notFound: async () => ({
    Component: (await import('./pages/not-found/NotFoundPage')).NotFoundPage,
  }),
};

/**
 * The one route table of the public site, used by the server (static handler
 * over the services) and by the browser (data router over the JSON API).
 */
export function createRoutes(site: SiteData): RouteObject[] {
  const loaders = createLoaders(site);
  return [
    {
      id: 'root',
      path: '/',
      element: <SiteLayout />,
      errorElement: <CrashScreen />,
      children: [
        {
          errorElement: <CrashScreen />,
          children: [
            { ...page('home'), index: true, lazy: pages.home },
            { ...page('news'), path: 'news', loader: loaders.news, lazy: pages.news },
            { ...page('contact'), path: 'contact', action: loaders.contact, lazy: pages.contact },
            {
              ...page('preview'),
              path: 'preview/:token',
              loader: loaders.preview,
              lazy: pages.article,
            },
            { ...page('privacy'), path: 'privacy', lazy: pages.privacy },
            { ...page('article'), path: ':slug', loader: loaders.article, lazy: pages.article },
            {
              ...page('preview'),
              path: 'preview/:token',
              loader: loaders.preview,
              lazy: pages.article,
            },
            { ...page('not-found'), path: '*', loader: loaders.notFound, lazy: pages.notFound },
          ],
        },
      ],
    },
  ];
}
