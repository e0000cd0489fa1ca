import { LANGUAGE_COOKIE, pickLanguage, type Language } from '#shared/languages';

/** The value of one cookie from a raw `Cookie` header, or undefined. */
export function readCookie(header: string | undefined, name: string): string | undefined {
  if (!header) return undefined;
  for (const part of header.split(';')) {
    const eq = part.indexOf('=');
    if (eq === -1) continue;
    if (part.slice(0, eq).trim() !== name) continue;
    try {
      return decodeURIComponent(part.slice(eq + 1).trim());
    } catch {
      return undefined;
    }
  }
  return undefined;
}

/**
 * The language a page is rendered in: `?lang=` wins, then the `language`
 * cookie that mirrors the browser's localStorage, then English. Unknown
 * values are ignored.
 */
export function requestLanguage(query: unknown, cookieHeader: string | undefined): Language {
  const fromQuery = Array.isArray(query) ? query[0] : query;
  return pickLanguage(fromQuery, readCookie(cookieHeader, LANGUAGE_COOKIE));
}
