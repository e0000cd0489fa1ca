import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useRevalidator } from 'react-router-dom';
import { pickLanguage } from '#shared/languages';
import { applyLanguage } from '../../common/i18n';
import { storedLanguage } from '../../common/language-choice';
import { addressLanguage, languageAfterNavigation } from '../lib/language';

/**
 * After hydration and after every page change (effects never run on the
 * server): an address that names a language (`/pt/…`, `?lang=pt`) becomes
 * the visitor's choice (localStorage and cookie), so links, reloads and later
 * visits stay in it; on an unprefixed page a stored choice that differs from
 * the rendered language is applied, and the page's articles are read again in it.
 */
export function LanguageSync() {
  const { i18n } = useTranslation();
  const { pathname, search } = useLocation();
  const { revalidate } = useRevalidator();
  useEffect(() => {
    const next = languageAfterNavigation({
      address: addressLanguage(pathname, search),
      current: pickLanguage(i18n.language),
      stored: storedLanguage(window.localStorage),
    });
    if (!next) return;
    void applyLanguage(i18n, next.language, { remember: true }).then(async () => {
      if (next.reload) await revalidate();
    });
  }, [i18n, pathname, search, revalidate]);
  return null;
}
