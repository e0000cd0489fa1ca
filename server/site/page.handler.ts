import type { Request, RequestHandler, Response } from 'express';
import { escapeHtml } from '#shared/html';
import type { Language } from '#shared/languages';
import type { SiteData } from '#shared/site-data';
import type { Logger } from '../logger';
import { publicOrigin } from '../http/public-origin';
import type { SiteTextsService } from '../features/site-texts/site-texts.service';
import { translator } from '../i18n';
import { pageAssets } from './assets';
import { renderDocument } from './document';
import { pageLanguage, rememberAddressLanguage } from './page-language';
import { loadRenderer } from './render';

/**
 * A failed server render: the crash screen's texts in the visitor's language,
 * as a static page (no stack trace, no scripts), with a way home.
 */
export function crashPage(language: Language): string {
  const t = translator(language);
  return (
    `<!doctype html><html lang="${language}"><head><meta charset="utf-8">` +
    '<meta name="viewport" content="width=device-width, initial-scale=1">' +
    `<title>${escapeHtml(t('app.crash.title'))}</title><meta name="robots" content="noindex"></head>` +
    '<body><main role="alert">' +
    `<h1>${escapeHtml(t('app.crash.title'))}</h1><p>${escapeHtml(t('app.crash.message'))}</p>` +
    `<p><a href="/">${escapeHtml(t('app.crash.home'))}</a></p></main></body></html>`
  );
}

/**
 * Marks a page as one visitors may not see (a draft shown to its admin, a
 * shared preview): never kept by the page cache or any other cache, never
 * indexed.
 */
export function keepPrivate(res: Response): void {
  res.locals.noPageCache = true;
  res.locals.privatePage = true;
}

/**
 * Server-renders any public page (including the HTML 404) in the page's
 * language (its `/pt` prefix, `?lang=`, the visitor's cookie, else English);
 * a language named by the address becomes the visitor's choice. A POST (the
 * contact form without JavaScript) hands its fields to the route action.
 */
export function pageHandler(deps: {
  data: (req: Request, res: Response, language: Language) => SiteData;
  /** The company's site texts, as the page renders and embeds them. */
  texts: Pick<SiteTextsService, 'snapshot'>;
  publicUrl: string | undefined;
  logger: Logger;
}): RequestHandler {
  return async (req, res) => {
    const language = pageLanguage(req);
    rememberAddressLanguage(req, res);
    try {
      const [render, snapshot] = await Promise.all([loadRenderer(), deps.texts.snapshot()]);
      const texts = snapshot.page(language);
      const result = await render({
        url: req.originalUrl,
        origin: publicOrigin(req, deps.publicUrl),
        language,
        catalogues: texts.catalogues,
        data: deps.data(req, res, language),
        form: req.method === 'POST' ? postedFields(req.body) : undefined,
      });
      if (result.kind === 'redirect') {
        res.redirect(result.status, result.location);
        return;
      }
      const privatePage = res.locals.privatePage === true;
      if (privatePage) res.set('X-Robots-Tag', 'noindex');
      res
        .status(result.status)
        .set({
          'Cache-Control': privatePage ? 'private, no-store' : 'no-cache',
          Vary: 'Cookie',
          'Content-Language': language,
        })
        .type('html')
        .send(
          renderDocument({
            language,
            assets: pageAssets(result.pageId),
            catalogues: texts.json,
            head: result.head,
            html: result.html,
            hydration: result.hydration,
          }),
        );
    } catch (err) {
      deps.logger.error({ err, path: req.path }, 'server rendering failed');
      res.status(500).set('Cache-Control', 'no-store').type('html').send(crashPage(language));
    }
  };
}

/** The text fields of an urlencoded body (anything else is dropped). */
function postedFields(body: unknown): Record<string, string> {
  if (!body || typeof body !== 'object') return {};
  return Object.fromEntries(
    Object.entries(body).filter((entry): entry is [string, string] => typeof entry[1] === 'string'),
  );
}
