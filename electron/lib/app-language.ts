import { isLanguage, LANGUAGE_COOKIE, type Language } from '#shared/languages';
import { APP_HOST, APP_ORIGIN } from './app-scheme';
import { languageFromLocale } from './i18n';

/**
 * The language of the main process's own texts (menu, dialogs,
 * notifications): the one chosen in the dashboard, which keeps it in the
 * `language` cookie of the app origin (web/common/language-choice.ts), else
 * the system's. A new choice is followed as it is made, so the menu and the
 * dialogs speak the page's language.
 */

type Cookie = { name: string; value: string; domain?: string };

/** The part of Electron's `session.cookies` read here. */
export type CookieJar = {
  get(filter: { url: string; name: string }): Promise<Cookie[]>;
  on(
    event: 'changed',
    listener: (event: unknown, cookie: Cookie, cause: string, removed: boolean) => void,
  ): unknown;
};

/** The chosen language if it is one of ours, else the system locale's. */
export function appLanguage(chosen: string | null | undefined, systemLocale: string): Language {
  return isLanguage(chosen) ? chosen : languageFromLocale(systemLocale);
}

const isAppCookie = (cookie: Cookie) =>
  cookie.name === LANGUAGE_COOKIE && cookie.domain?.replace(/^\./, '') === APP_HOST;

export async function followAppLanguage(
  cookies: CookieJar,
  systemLocale: string,
  onChange: (language: Language) => void,
): Promise<{ current: () => Language }> {
  const read = async () => {
    const found = await cookies.get({ url: APP_ORIGIN, name: LANGUAGE_COOKIE }).catch(() => []);
    return appLanguage(found[0]?.value, systemLocale);
  };
  let language = await read();
  cookies.on('changed', (_event, cookie) => {
    if (!isAppCookie(cookie)) return;
    // Read the jar again: an overwrite fires a removal and then the new value.
    void read().then((next) => {
      if (next === language) return;
      language = next;
      onChange(next);
    });
  });
  return { current: () => language };
}
