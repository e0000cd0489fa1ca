import { useTranslation } from 'react-i18next';
import { useRouteLoaderData } from 'react-router-dom';
import { pickLanguage, type Language } from '#shared/languages';
import { navTitle, type NavPage } from '#shared/pages';
import type { NavigationData } from '../lib/loaders';

/** A page link of a menu: where it goes, its title, and that title's language. */
export type NavPageLink = { to: string; title: string; lang: Language };

/**
 * The public pages of the header or footer, by position, titled in the
 * page's language (else in the page's own source language, marked so).
 */
export function useNavPages(nav: NavPage['nav']): NavPageLink[] {
  const { i18n } = useTranslation();
  const data = useRouteLoaderData('root') as NavigationData | undefined;
  const language = pickLanguage(i18n.language);
  return (data?.pages ?? [])
    .filter((page) => page.nav === nav)
    .map((page) => ({
      to: `/${page.slug}`,
      title: navTitle(page, language),
      lang: page.titles[language] ? language : page.source_language,
    }));
}
