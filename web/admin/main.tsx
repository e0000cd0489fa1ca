import '#shared/zod-setup';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { applyLanguage, i18nForAsync, initialBrowserLanguage } from '../common/i18n';
import { App } from './app/App';
import './styles.css';

/** The admin dashboard: a client-only app, also the desktop app's renderer. */
async function start(root: HTMLElement) {
  const language = initialBrowserLanguage();
  // The language's catalogue is its own chunk: render once it has arrived.
  const i18n = await i18nForAsync(language);
  await applyLanguage(i18n, language, { remember: false });
  createRoot(root).render(
    <StrictMode>
      <App i18n={i18n} />
    </StrictMode>,
  );
}

const root = document.getElementById('root');
if (root) void start(root);
