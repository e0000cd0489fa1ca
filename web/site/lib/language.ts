import { localizedPath, splitLanguagePath } from '#shared/language-paths';
import { isLanguage, pickLanguage, type Language } from '#shared/languages';

/** The language the server rendered the page in (its `<html lang>`), so hydration matches. */
export function renderedLanguage(doc: Pick<Document, 'documentElement'>): Language {
  return pickLanguage(doc.documentElement.lang);
}

/** The language an address names: its `/pt` prefix, else a valid `?lang=`; null for neither. */
export function addressLanguage(pathname: string, search: string): Language | null {
  const asked = new URLSearchParams(search).get('lang');
  return splitLanguagePath(pathname).language ?? (isLanguage(asked) ? asked : null);
}

/**
 * What to do about the language once a page is shown, or null for nothing.
 * An address that names a language (`/pt/…`, `?lang=pt`) is the visitor's
 * choice: it is kept (localStorage and cookie) and shown; the page's data is
 * already in it. On an unprefixed page a valid stored choice that differs
 * from the shown language is applied, and the page's articles are read again
 * in it (`reload`).
 */
export function languageAfterNavigation(input: {
  address: Language | null;
  current: Language;
  stored: string | null;
}): { language: Language; reload: boolean } | null {
  const { address, current, stored } = input;
  if (address) {
    return address !== current || stored !== address ? { language: address, reload: false } : null;
  }
  if (isLanguage(stored) && stored !== current) return { language: stored, reload: true };
  return null;
}

const SHARE_LINK = /^\/preview\//;

/**
 * The same page in another language: its address under that language's
 * prefix, with the query kept (`?page=2`) but not an old `?lang=`. A share
 * link (`/preview/<token>`) has one address, without a prefix (routes.tsx):
 * it names the language with `?lang=` (`/pt/preview/…` is a 404).
 */
export function siblingPath(pathname: string, search: string, language: Language): string {
  const { path } = splitLanguagePath(pathname);
  const params = new URLSearchParams(search);
  params.delete('lang');
  if (SHARE_LINK.test(path)) {
    params.set('lang', language);
    return `${path}?${params.toString()}`;
  }
  const query = params.toString();
  return localizedPath(language, `${path}${query ? `?${query}` : ''}`);
}
