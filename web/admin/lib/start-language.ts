import type { DesktopBridge } from '#shared/desktop';
import { isLanguage, pickLanguage, type Language } from '#shared/languages';
import { initialBrowserLanguage } from '../../common/i18n';
import { storedLanguage } from '../../common/language-choice';

/**
 * The language the dashboard starts in: one the address names (`?lang=`)
 * or one chosen before; else, in the desktop app, the app's own (its menus
 * speak the system's language, en/pt/de, else English), so page and menus
 * agree; else the page's `<html lang>`. The desktop's language is not a
 * choice: it is not remembered, and the dashboard follows the system's.
 */
export async function startLanguage(
  desktop: Pick<DesktopBridge, 'language'> | undefined = window.desktop,
): Promise<{ language: Language; chosen: boolean }> {
  const chosen =
    isLanguage(new URLSearchParams(window.location.search).get('lang')) ||
    isLanguage(storedLanguage(window.localStorage));
  if (chosen || !desktop) return { language: initialBrowserLanguage(), chosen };
  const app = await desktop.language().catch(() => null);
  return { language: pickLanguage(app, document.documentElement.lang), chosen };
}
