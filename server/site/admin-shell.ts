import { readFile } from 'node:fs/promises';
import type { Request, RequestHandler } from 'express';
import { escapeHtml } from '#shared/html';
import type { Language } from '#shared/languages';
import { requestLanguage, translator } from '../i18n';
import { ADMIN_HTML } from './paths';

/**
 * The admin app's HTML shell (`/login`, `/admin` and their client-side
 * routes). It is built once, in English (web/admin/index.html, which the
 * desktop app loads as it is); each answer here names the request's
 * language in `<html lang>`, the tab's title and the notice shown without
 * JavaScript. The language is the signed-in account's, when it chose one,
 * else the request's (`?lang=`, the `language` cookie, English), as the
 * dashboard opens in it; `<html lang>` is also where the dashboard starts
 * when the browser holds no choice. Read from the disk at each request, as
 * a new build may replace it.
 */
export function adminShell(file = ADMIN_HTML): RequestHandler {
  return async (req, res, next) => {
    try {
      const html = await readFile(file, 'utf8');
      const page = req.path === '/login' || req.path.startsWith('/login/') ? 'login' : 'admin';
      res
        .set('Cache-Control', 'no-cache')
        .type('html')
        .send(localizeShell(html, shellLanguage(req), page));
    } catch (error) {
      next(error);
    }
  };
}

function shellLanguage(req: Request): Language {
  return req.session?.user?.language ?? requestLanguage(req);
}

/** The shell in `language`: its `lang`, title and no-JavaScript notice. */
export function localizeShell(html: string, language: Language, page: 'login' | 'admin'): string {
  const t = translator(language);
  const title = escapeHtml(t(page === 'login' ? 'login.title' : 'admin.title'));
  return html
    .replace(/<html lang="[^"]*">/, `<html lang="${language}">`)
    .replace(/<title>[^<]*<\/title>/, `<title>${title}</title>`)
    .replace(
      /<noscript>[^<]*<\/noscript>/,
      `<noscript>${escapeHtml(t('admin.noScript'))}</noscript>`,
    );
}
