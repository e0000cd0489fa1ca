import express, { type ErrorRequestHandler } from 'express';
import { CONTACT_SOURCE_FIELD } from '#shared/contact';
import { LANGUAGES } from '#shared/languages';
import type { Config } from '../config';
import { AppError } from '../errors';
import type { ContactsService } from '../features/contacts/contacts.service';
import type { ListBounds } from '../features/news/list-bounds';
import type { MediaService } from '../features/media/media.service';
import type { NewsService } from '../features/news/news.service';
import type { PagesService } from '../features/news/pages.service';
import type { PreviewsService } from '../features/news/previews.service';
import type { SiteTextsService } from '../features/site-texts/site-texts.service';
import type { ViewTag } from '../features/analytics/view-tag';
import { holds } from '../http/guards';
import { sameOrigin, trustedOrigins } from '../http/origin';
import type { PublicOrigin } from '../http/public-origin';
import { publicQuery, readsQuery } from '../http/public-query';
import type { RateLimits } from '../http/rate-limits';
import type { Logger } from '../logger';
import type { MissKind, PageCache } from './page-cache/page-cache';
import { robotsHandler, rssHandler, sitemapFileHandler, sitemapHandler } from './feeds.handler';
import { adminShell } from './admin-shell';
import { canonicalAddress } from './canonical-address';
import { oldSlugRedirects } from './old-slugs';
import { keepPrivate, pageHandler, sendUnavailablePage } from './page.handler';
import { pageQueries } from './page-query';
import { DIST_CLIENT } from './paths';
import { serverSiteData } from './site-data';
import { createRouter } from '../http/router';

const YEAR_SECONDS = 31_536_000;
/**
 * The contact form's urlencoded body: far above the largest enquiry the schema takes (about
 * 12 kB encoded), so a text too long is answered by the schema's own rule with everything
 * typed kept. Only a body over it cannot be read back (413, naming this limit).
 */
const FORM_LIMIT = '256kb';

/**
 * The public site: built assets, the admin app's HTML shell, feeds, and the
 * server-rendered pages (every other GET, including the HTML 404). Feeds
 * declare the query parameters they read (`readsQuery`); each page declares
 * its own on its route (web/site/routes.tsx), which the page handler reads.
 */
export function createSiteRouter(deps: {
  config: Config;
  limits: RateLimits;
  news: NewsService;
  pages: PagesService;
  bounds: ListBounds;
  previews: PreviewsService;
  contacts: ContactsService;
  media: MediaService;
  texts: SiteTextsService;
  origin: PublicOrigin;
  logger: Logger;
  /** Counts the view of a page rendered here (analytics). */
  countView?: (view: ViewTag, req: express.Request) => void;
  /** The miss gate, for the pages the contact form posted without JavaScript renders. */
  admit: PageCache['admit'];
}): express.Router {
  const { config, limits, news, pages, previews, contacts, media, texts, origin, logger } = deps;
  const router = createRouter();
  const dev = config.env === 'development';

  // Built files are answered from memory before Express (static-files.ts); what reaches here
  // is read from the disk: a Range request (a video's), a source map.
  // `redirect: false`: the dist/client/admin folder must not turn /admin into /admin/.
  router.use(
    express.static(DIST_CLIENT, {
      index: false,
      redirect: false,
      immutable: !dev,
      maxAge: dev ? 0 : YEAR_SECONDS * 1000,
    }),
  );

  router.get(['/login', '/login/{*rest}', '/admin', '/admin/{*rest}'], adminShell());

  // `lang` alone (declared for every route), for the feed's language.
  const feedQuery = readsQuery(publicQuery());
  router.get('/sitemap.xml', feedQuery, sitemapHandler({ news, pages, origin }));
  router.get(/^\/sitemap-[a-z0-9-]+\.xml$/, feedQuery, sitemapFileHandler({ news, pages, origin }));
  router.get('/robots.txt', feedQuery, robotsHandler({ origin }));
  router.get('/rss.xml', feedQuery, rssHandler({ news, origin, texts }));

  const page = pageHandler({
    data: (req, res, language) =>
      serverSiteData(
        { news, pages, previews, contacts, media },
        {
          language,
          refusal: res.locals.formRefusal,
          drafts: {
            articles: holds(req.session?.user, 'articles'),
            pages: holds(req.session?.user, 'content'),
          },
          onPrivate: () => keepPrivate(res),
          onUnavailable: (error) => (res.locals.unavailable ??= error),
        },
      ),
    texts,
    origin,
    queries: pageQueries(deps.bounds),
    logger,
    countView: deps.countView,
  });
  // Shared previews of drafts: whatever the token, never cached or indexed.
  router.get(['/preview/{*token}', '/:language/preview/{*token}'], (_req, res, next) => {
    keepPrivate(res);
    next();
  });
  router.get('/{*path}', canonicalAddress, oldSlugRedirects({ news }), page);

  // The contact form posted without JavaScript passes the API's own origin check and rate
  // limits; a refusal is shown in the page again with everything typed kept. The refused-
  // enquiries limit comes first and takes a body too large to read and a foreign Origin as
  // refusals too: every refused post counts. Each page it renders waits its turn at the miss
  // gate like an uncached page, so a flood of posts cannot take the server's time from the
  // pages it keeps (a post the limits let through goes ahead of misses never kept).
  const render =
    (kind: MissKind): express.RequestHandler =>
    (req, res, next) =>
      deps.admit(kind, req, res, () => void page(req, res, next));
  const showRefusal: ErrorRequestHandler = (error, req, res, next) => {
    if (!(error instanceof AppError) && !isBodyError(error)) return next(error);
    res.locals.formRefusal = error;
    render('unkept')(req, res, next);
  };
  const parseForm = express.urlencoded({ extended: false, limit: FORM_LIMIT });
  // A body the parser refuses (413) is handed on once the refused-enquiries limit counted it.
  const readForm: express.RequestHandler = (req, res, next) =>
    parseForm(req, res, (error?: unknown) => {
      if (error) res.locals.formBodyError = error;
      next();
    });
  const formBodyError: express.RequestHandler = (_req, res, next) => next(res.locals.formBodyError);
  router.post(
    ['/contact', ...LANGUAGES.map((language) => `/${language}/contact`)],
    readForm,
    limits.contactRefused,
    formBodyError,
    sourceFromAddress,
    sameOrigin(trustedOrigins(config)),
    limits.contactTaken,
    render('keyed'),
    showRefusal,
  );
  // Anything here that needed the database before a page was made (an old slug's redirect,
  // the feeds) while it cannot answer: the same error page as a render that could not read it.
  const unavailable: ErrorRequestHandler = (error, req, res, next) => {
    if (!sendUnavailablePage(error, req, res, logger)) next(error);
  };
  router.use(unavailable);
  return router;
}

/**
 * The form has no `action`: without JavaScript it posts to the page's own
 * address, `?from=<slug>` included. That names the article or page the
 * visitor came from, for the enquiry, as the form's script sends it (the
 * page's HTML does not carry it, so the cached page is the same for all).
 */
const sourceFromAddress: express.RequestHandler = (req, _res, next) => {
  const body = req.body as Record<string, unknown> | undefined;
  const from = new URL(req.originalUrl, 'http://site').searchParams.get(CONTACT_SOURCE_FIELD);
  if (from !== null && body && typeof body === 'object' && !(CONTACT_SOURCE_FIELD in body)) {
    body[CONTACT_SOURCE_FIELD] = from;
  }
  next();
};

/** A body the parser refused (too large, bad encoding): a 4xx to show in the form. */
function isBodyError(error: unknown): boolean {
  const status = (error as { status?: number } | null)?.status;
  return typeof status === 'number' && status >= 400 && status < 500;
}
