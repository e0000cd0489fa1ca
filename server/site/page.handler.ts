import type { Request, RequestHandler, Response } from 'express';
import { escapeHtml } from '#shared/html';
import type { Language } from '#shared/languages';
import type { SiteData } from '#shared/site-data';
import type { PublicOrigin } from '../http/public-origin';
import { queryString, readQuery, searchOf, type DeclaredLocals } from '../http/public-query';
import type { Logger } from '../logger';
import { errorResponse } from '../http/error-response';
import type { SiteTextsService } from '../features/site-texts/site-texts.service';
import { viewTag, type ViewTag } from '../features/analytics/view-tag';
import { translator } from '../i18n';
import { pageAssets } from './assets';
import { renderDocument } from './document';
import { pageLanguage, rememberAddressLanguage } from './page-language';
import type { pageQueries } from './page-query';
import { loadRenderer } from './render';

/**
 * The site's error page: a title, what happened and what to do, in the
 * visitor's language, as a static page (no stack trace, no scripts, not
 * indexed), with a way home.
 */
export function errorPage(language: Language, title: string, message: string): string {
  const t = translator(language);
  return (
    `<!doctype html><html lang="${language}"><head><meta charset="utf-8">` +
    '<meta name="viewport" content="width=device-width, initial-scale=1">' +
    `<title>${escapeHtml(title)}</title><meta name="robots" content="noindex"></head>` +
    '<body><main role="alert">' +
    `<h1>${escapeHtml(title)}</h1><p>${escapeHtml(message)}</p>` +
    `<p><a href="/">${escapeHtml(t('app.crash.home'))}</a></p></main></body></html>`
  );
}

/** A failed server render: the crash screen's texts. */
export function crashPage(language: Language): string {
  const t = translator(language);
  return errorPage(language, t('app.crash.title'), t('app.crash.message'));
}

/**
 * Sends the error page for a page that could not be made because the
 * database cannot answer now (unreachable, busy): 503 with Retry-After and
 * what to do, and true; false for any other failure.
 */
export function sendUnavailablePage(
  error: unknown,
  req: Request,
  res: Response,
  logger: Logger,
): boolean {
  const language = pageLanguage(req);
  const answer = errorResponse(error, language);
  if (answer.status !== 503) return false;
  // The database's state is logged (and shown by /healthz) where it is watched; this names the page.
  logger.warn({ fault: answer.fault, path: req.path }, 'page not made: database unavailable');
  if (answer.retryAfter !== undefined) res.set('Retry-After', String(answer.retryAfter));
  const title = translator(language)('app.unavailable.title');
  res.status(503).set('Cache-Control', 'no-store').type('html');
  res.send(errorPage(language, title, answer.error));
  return true;
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
 *
 * The page sees the query parameters its route declares and no other, each
 * in its canonical form when all are valid (`?page=02&utm_source=x` renders
 * as `?page=2`), so the answer the page cache keeps under them is the one
 * every address with those values gets.
 */
export function pageHandler(deps: {
  data: (req: Request, res: Response, language: Language) => SiteData;
  /** The company's site texts, as the page renders and embeds them. */
  texts: Pick<SiteTextsService, 'snapshot'>;
  origin: PublicOrigin;
  queries: ReturnType<typeof pageQueries>;
  logger: Logger;
  /** Counts a page view (analytics): the page's view, and the request that asked for it. */
  countView?: (view: ViewTag, req: Request) => void;
}): RequestHandler {
  return async (req, res) => {
    const language = pageLanguage(req);
    rememberAddressLanguage(req, res);
    try {
      const [{ render, pageQuery }, snapshot] = await Promise.all([
        loadRenderer(),
        deps.texts.snapshot(),
      ]);
      const texts = snapshot.page(language);
      if (snapshot.stale) res.locals.noPageCache = true;
      const path = req.originalUrl.split('?')[0]!;
      const query = deps.queries(pageQuery(path));
      (res.locals as DeclaredLocals).publicQuery = query;
      const declared = readQuery(query, searchOf(req.originalUrl)).values;
      const result = await render({
        url: `${path}${queryString(declared)}`,
        origin: deps.origin.of(req),
        language,
        catalogues: texts.catalogues,
        data: deps.data(req, res, language),
        form: req.method === 'POST' ? postedFields(req.body) : undefined,
      });
      // A read the page needed failed for want of the database: the error page, never kept.
      if (res.locals.unavailable !== undefined) {
        if (sendUnavailablePage(res.locals.unavailable, req, res, deps.logger)) return;
      }
      if (result.kind === 'redirect') {
        res.redirect(result.status, result.location);
        return;
      }
      const privatePage = res.locals.privatePage === true;
      if (privatePage) res.set('X-Robots-Tag', 'noindex');
      // The view this page counts as; the page cache keeps it with the page to count its hits.
      if (result.view && result.status === 200 && !privatePage) {
        const view = viewTag(result.view, language);
        res.locals.pageView = view;
        deps.countView?.(view, req);
      }
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
            catalogues: texts.json(result.pageId),
            head: result.head,
            html: result.html,
            hydration: result.hydration,
          }),
        );
    } catch (err) {
      if (sendUnavailablePage(err, req, res, deps.logger)) return;
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
