import '#shared/zod-setup';
import { StrictMode } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { I18nextProvider } from 'react-i18next';
import {
  createBrowserRouter,
  matchRoutes,
  RouterProvider,
  type RouteObject,
} from 'react-router-dom';
import { HYDRATION_SCRIPT_ID } from '#shared/ssr';
import { i18nForAsync } from '../common/i18n';
import { browserSiteData } from './lib/browser-site-data';
import { readHydration } from './lib/hydration';
import { renderedLanguage } from './lib/language';
import { createRoutes } from './routes';
import './site.css';

/** Resolves the `lazy` routes the current address matches, so hydration renders what the server did. */
async function resolveLazyMatches(routes: RouteObject[]): Promise<void> {
  const matches = matchRoutes(routes, window.location) ?? [];
  await Promise.all(
    matches.map(async ({ route }) => {
      if (typeof route.lazy !== 'function') return;
      Object.assign(route, { ...(await route.lazy()), lazy: undefined });
    }),
  );
}

/**
 * Hydrates the server-rendered page. The language starts as the one the
 * server rendered (`<html lang>`), so the first client render matches; only
 * its catalogue is fetched, before hydrating. A different stored choice is
 * applied after hydration (see LanguageSync).
 */
async function hydrate() {
  const routes = createRoutes(browserSiteData);
  const [i18n] = await Promise.all([
    i18nForAsync(renderedLanguage(document)),
    resolveLazyMatches(routes),
  ]);
  const router = createBrowserRouter(routes, {
    hydrationData: readHydration(document.getElementById(HYDRATION_SCRIPT_ID)?.textContent),
  });

  hydrateRoot(
    document.getElementById('root') as HTMLElement,
    <StrictMode>
      <I18nextProvider i18n={i18n}>
        <RouterProvider router={router} />
      </I18nextProvider>
    </StrictMode>,
  );
}

void hydrate();
