import type { Request } from 'express';
import type { Language } from '#shared/languages';
import { requestLanguage } from '../i18n';

/** The language of an API answer: `?lang`, else the `language` cookie, else English. */
export function apiLanguage(req: Request): Language {
  return requestLanguage(req.query?.lang, req.headers.cookie);
}
