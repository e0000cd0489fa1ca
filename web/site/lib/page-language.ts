import { useLocation } from 'react-router-dom';
import { localizedPath, splitLanguagePath } from '#shared/language-paths';
import type { Language } from '#shared/languages';

/** The language the page's address names with its prefix (`/pt/…`), or null on an unprefixed page. */
export function usePrefixLanguage(): Language | null {
  return splitLanguagePath(useLocation().pathname).language;
}

/**
 * Internal links keep the language of the page they are on: under a prefix
 * (`/de/news`) a page path gets the same prefix (`/contact` -> `/de/contact`);
 * an unprefixed page links to unprefixed pages (the visitor's stored choice).
 */
export function useLocalize(): (path: string) => string {
  const language = usePrefixLanguage();
  return (path) => (language ? localizedPath(language, path) : path);
}
