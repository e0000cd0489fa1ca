import { isLanguage, type Language } from './languages';

/**
 * Addresses of the public pages by language (docs/api.md, "Public pages by
 * language"): every page also lives under `/en`, `/pt` and `/de`; the home
 * page of a language is the bare prefix (`/pt`, no trailing slash).
 */

/** The language prefix of a path and the page path without it: `/pt/news` -> `pt`, `/news`. */
export function splitLanguagePath(pathname: string): { language: Language | null; path: string } {
  const match = /^\/([a-z]{2})(?=\/|$)(.*)$/.exec(pathname);
  if (!match || !isLanguage(match[1])) return { language: null, path: pathname || '/' };
  return { language: match[1], path: match[2] || '/' };
}

/** A page path (optionally with `?query`) under a language prefix: `/news?page=2` -> `/de/news?page=2`. */
export function localizedPath(language: Language, path: string): string {
  const page = path.startsWith('/') ? path : `/${path}`;
  if (page === '/') return `/${language}`;
  if (page.startsWith('/?')) return `/${language}${page.slice(1)}`;
  return `/${language}${page}`;
}

/** The address of an article, in a language or without one (the visitor's stored choice). */
export function articlePath(slug: string, language?: Language): string {
  const path = `/${encodeURIComponent(slug)}`;
  return language ? localizedPath(language, path) : path;
}
