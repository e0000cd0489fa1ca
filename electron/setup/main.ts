import './setup.css';
import { createI18n, toResources } from '#shared/i18n';
import { LANGUAGE_STORAGE_KEY, pickLanguage } from '#shared/languages';
import en from '../../locales/en.json' with { type: 'json' };
import pt from '../../locales/pt.json' with { type: 'json' };
import de from '../../locales/de.json' with { type: 'json' };
import { mountSetupPage } from './setup-page';

/** Entry of the setup / offline page served at `app://admin/setup`. */

function storedLanguage(): string | null {
  try {
    return window.localStorage.getItem(LANGUAGE_STORAGE_KEY);
  } catch {
    return null;
  }
}

const language = pickLanguage(storedLanguage(), navigator.language.toLowerCase().split('-')[0]);
const { t } = createI18n(language, toResources({ en, pt, de }));
document.documentElement.lang = language;
const root = document.getElementById('setup');
const bridge = window.desktopSetup;
if (root && bridge) {
  const offline = new URLSearchParams(window.location.search).has('offline');
  void mountSetupPage(root, {
    bridge,
    t,
    offline,
    backToDashboard: () => window.location.assign('/admin'),
  });
}
