import type { Request } from 'express';
import { LANGUAGE_COOKIE, pickLanguage, type Language } from '#shared/languages';

/** The admin's current language: `?lang`, else the `language` cookie, else English. */
export function requestLanguage(req: Request): Language {
  return pickLanguage(req.query.lang, cookieValue(req.headers.cookie, LANGUAGE_COOKIE));
}

function cookieValue(header: string | undefined, name: string): string | undefined {
  for (const part of header?.split(';') ?? []) {
    const [key, ...rest] = part.trim().split('=');
    if (key !== name) continue;
    try {
      return decodeURIComponent(rest.join('='));
    } catch {
      return undefined;
    }
  }
  return undefined;
}
