import { startTransition, StrictMode, useEffect, type ReactNode } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { I18nextProvider } from 'react-i18next';
import {
  createBrowserRouter,
  matchRoutes,
  RouterProvider,
  type RouteObject,
} from 'react-router-dom';
import { CATALOGUE_SCRIPT_ID, siteCataloguePath } from '#shared/site-catalogue';
import { HYDRATION_SCRIPT_ID } from '#shared/ssr';
import { i18nFor, i18nForAsync, loadCataloguesFrom, seedCatalogues } from '../common/i18n';
import { browserSiteData } from './lib/browser-site-data';
import { readHydration } from './lib/hydration';
import { markHydrated } from './lib/hydration-signal';
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

/** The texts the server embedded in the page, `{language: catalogue}`, or none. */
function readCatalogues(text: string | null | undefined): Record<string, object> {
  try {
    return text ? (JSON.parse(text) as Record<string, object>) : {};
  } catch {
    return {};
  }
}

/** One language's site catalogue from the server, with the company's site texts in place. */
async function serverCatalogue(language: string): Promise<object> {
  const response = await fetch(siteCataloguePath(language), { credentials: 'same-origin' });
  if (!response.ok) throw new Error(`catalogue ${language}: ${response.status}`);
  return ((await response.json()) as { data: object }).data;
}

/** Tells the page's loader (and tests) that hydration is done, after React's first commit. */
function HydrationSignal({ children }: { children: ReactNode }) {
  useEffect(() => markHydrated(), []);
  return children;
}

/**
 * Hydrates the server-rendered page. The language starts as the one the
 * server rendered (`<html lang>`), so the first client render matches; its
 * texts come embedded in the page, and another language's from the server
 * (both with the company's site texts in place). A different stored choice is
 * applied after hydration (see LanguageSync).
 */
async function hydrate() {
  const routes = createRoutes(browserSiteData);
  const language = renderedLanguage(document);
  const embedded = readCatalogues(document.getElementById(CATALOGUE_SCRIPT_ID)?.textContent);
  seedCatalogues(embedded);
  loadCataloguesFrom(serverCatalogue);
  const [i18n] = await Promise.all([
    language in embedded ? i18nFor(language) : i18nForAsync(language),
    resolveLazyMatches(routes),
  ]);
  const router = createBrowserRouter(routes, {
    hydrationData: readHydration(document.getElementById(HYDRATION_SCRIPT_ID)?.textContent),
  });

  // As a transition, hydration yields to the browser every few milliseconds
  // (paint, input) instead of holding the main thread in one long task; a
  // click meanwhile is replayed once its part of the page is hydrated.
  startTransition(() => {
    hydrateRoot(
      document.getElementById('root') as HTMLElement,
      <StrictMode>
        <HydrationSignal>
          <I18nextProvider i18n={i18n}>
            <RouterProvider router={router} />
          </I18nextProvider>
        </HydrationSignal>
      </StrictMode>,
    );
  });
}

void hydrate();
