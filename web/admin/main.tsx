import '#shared/zod-setup';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { i18nForAsync, initialBrowserLanguage } from '../common/i18n';
import { App } from './app/App';
import './styles.css';

/** The admin dashboard: a client-only app, also the desktop app's renderer. */
const language = initialBrowserLanguage();
document.documentElement.lang = language;
const root = document.getElementById('root');
if (root) {
  // The language's catalogue is its own chunk: render once it has arrived.
  void i18nForAsync(language).then((i18n) =>
    createRoot(root).render(
      <StrictMode>
        <App i18n={i18n} />
      </StrictMode>,
    ),
  );
}
