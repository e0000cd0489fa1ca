import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { pickLanguage } from '#shared/languages';
import { applyLanguage, storedLanguage } from '../../common/i18n';
import { languageAfterHydration } from '../lib/language';

/**
 * After hydration (effects never run on the server), applies a stored choice
 * that differs from the rendered language and mirrors it in the cookie, so the
 * next server render already uses it.
 */
export function LanguageSync() {
  const { i18n } = useTranslation();
  useEffect(() => {
    const next = languageAfterHydration({
      rendered: pickLanguage(i18n.language),
      query: new URLSearchParams(window.location.search).get('lang'),
      stored: storedLanguage(window.localStorage),
    });
    if (next) void applyLanguage(i18n, next, { remember: true });
  }, [i18n]);
  return null;
}
