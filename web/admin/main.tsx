import '#shared/zod-setup';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { sendLanguageOf } from '../common/api';
import { applyLanguage, i18nForAsync } from '../common/i18n';
import { App, createAdminRouter } from './app/App';
import { draftsOn } from './features/contacts/lib/drafts';
import { startLanguage } from './lib/start-language';
import './styles.css';

/** The admin dashboard: a client-only app, also the desktop app's renderer. */
async function start(root: HTMLElement) {
  const { language, chosen } = await startLanguage();
  // In the desktop app, whose server can change, unsent replies are kept per server.
  if (window.desktop) draftsOn((await window.desktop.getServerUrl().catch(() => null)) ?? '');
  // The language's catalogue is its own chunk: render once it has arrived.
  const i18n = await i18nForAsync(language);
  // The server answers the admin in the language it is shown in, whatever the cookie says.
  sendLanguageOf(() => i18n.language);
  // A language the address names (`?lang=`, the links the site e-mails) or one chosen before is
  // kept in the cookie too: the server answers in it (a link's "not valid any more", a password's
  // refusal), where a fresh browser opened from a Portuguese e-mail got them in English.
  await applyLanguage(i18n, language, { remember: chosen });
  // One router for the page's life, made outside React (StrictMode renders twice).
  const router = createAdminRouter();
  createRoot(root).render(
    <StrictMode>
      <App i18n={i18n} router={router} />
    </StrictMode>,
  );
}

const root = document.getElementById('root');
if (root) void start(root);
