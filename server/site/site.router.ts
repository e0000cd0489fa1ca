import express from 'express';
import path from 'node:path';
import type { Config } from '../config';
import type { Logger } from '../logger';
import type { ContactsService } from '../features/contacts/contacts.service';
import type { NewsService } from '../features/news/news.service';
import { contactLimiter } from '../api/rate-limits';
import { sameOrigin } from '../api/origin';
import { robotsHandler, rssHandler, sitemapHandler } from './feeds.handler';
import { pageHandler } from './page.handler';
import { ADMIN_HTML, DIST_CLIENT } from './paths';
import { serverSiteData } from './site-data';

const YEAR_SECONDS = 31_536_000;

/**
 * The public site: built assets, the admin app's HTML shell, feeds, and the
 * server-rendered pages (every other GET, including the HTML 404).
 */
export function createSiteRouter(deps: {
  config: Config;
  news: NewsService;
  contacts: ContactsService;
  logger: Logger;
}): express.Router {
  const router = express.Router();
  const dev = deps.config.env === 'development';

  // Hashed file names never change content: cache them for a year.
  router.use(
    '/assets',
    express.static(path.join(DIST_CLIENT, 'assets'), {
      index: false,
      immutable: !dev,
      maxAge: dev ? 0 : YEAR_SECONDS * 1000,
    }),
  );
  // Files from web/public keep their names: cache them for a day.
  // `redirect: false`: the dist/client/admin folder must not turn /admin into /admin/.
  router.use(
    express.static(DIST_CLIENT, { index: false, redirect: false, maxAge: dev ? 0 : 86_400_000 }),
  );

  const adminShell: express.RequestHandler = (_req, res) => {
    res.set('Cache-Control', 'no-cache').sendFile(ADMIN_HTML);
  };
  router.get(['/login', '/admin', '/admin/{*rest}'], adminShell);

  router.get('/sitemap.xml', sitemapHandler(deps.news));
  router.get('/robots.txt', robotsHandler());
  router.get('/rss.xml', rssHandler(deps.news));

  const services = { news: deps.news, contacts: deps.contacts };
  const page = pageHandler({
    data: (res) => serverSiteData(services, { contactLimited: res.locals.contactLimited === true }),
    logger: deps.logger,
  });
  router.get('/{*path}', page);
  // The contact form posted without JavaScript: same rules, limit and origin check as the API;
  // the page is rendered again with the outcome, so nothing typed is lost.
  router.post(
    '/contact',
    express.urlencoded({ extended: false, limit: '20kb' }),
    sameOrigin(deps.config.allowedOrigins),
    contactLimiter(deps.config, (_req, res, next) => {
      res.locals.contactLimited = true;
      next();
    }),
    page,
  );
  return router;
}
