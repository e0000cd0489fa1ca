import type { RouteObject } from 'react-router-dom';
import type { SiteData } from '#shared/site-data';
import { createLoaders } from './lib/loaders';
import { SiteLayout } from './layout/SiteLayout';
import { CrashScreen } from './layout/CrashScreen';
import { HomePage } from './pages/home/HomePage';
import { NewsPage } from './pages/news/NewsPage';
import { NotFoundPage } from './pages/not-found/NotFoundPage';
import { ContactRoute } from './pages/contact/ContactRoute';
import type { PageId } from './seo/meta';

/** Route ids double as page ids for titles and head tags. */
const page = (id: PageId) => ({ id });

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
            { ...page('home'), index: true, element: <HomePage /> },
            { ...page('news'), path: 'news', loader: loaders.news, element: <NewsPage /> },
            {
              ...page('contact'),
              path: 'contact',
              action: loaders.contact,
              element: <ContactRoute />,
            },
            {
              ...page('article'),
              path: ':slug',
              loader: loaders.article,
              // Only this page renders markdown: its code (and react-markdown) is a
              // chunk of its own. The server's static handler resolves it before
              // rendering; the browser resolves it before hydrating (entry-client).
              lazy: async () => ({
                Component: (await import('./pages/article/ArticlePage')).ArticlePage,
              }),
            },
            {
              ...page('not-found'),
              path: '*',
              loader: loaders.notFound,
              element: <NotFoundPage />,
            },
          ],
        },
      ],
    },
  ];
}
