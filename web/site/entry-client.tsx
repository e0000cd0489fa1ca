import { StrictMode } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { I18nextProvider } from 'react-i18next';
import { createBrowserRouter, RouterProvider } from 'react-router-dom';
import { HYDRATION_SCRIPT_ID } from '#shared/ssr';
import { i18nFor } from '../common/i18n';
import { browserSiteData } from './lib/browser-site-data';
import { readHydration } from './lib/hydration';
import { renderedLanguage } from './lib/language';
import { createRoutes } from './routes';
import './site.css';

/**
 * Hydrates the server-rendered page. The language starts as the one the
 * server rendered (`<html lang>`), so the first client render matches; a
 * different stored choice is applied after hydration (see LanguageSync).
 */
const i18n = i18nFor(renderedLanguage(document));
const router = createBrowserRouter(createRoutes(browserSiteData), {
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
