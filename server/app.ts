import type { IncomingMessage, ServerResponse } from 'node:http';
import compression from 'compression';
import express, { type ErrorRequestHandler } from 'express';
import { createApi } from './api/api';
import { apiErrorHandler, apiNotFound } from './api/error-handler';
import { createHealthRouter } from './features/health/health.routes';
import { createMediaFilesRouter } from './features/media/media-files.routes';
import { currentUser } from './http/current-user';
import { errorResponse } from './http/error-response';
import { loggedUrl } from './http/request-log';
import { rejectMalformedHost } from './http/host';
import { requestLogger } from './http/request-logger';
import { ROUTING } from './http/router';
import { securityHeaders } from './http/security';
import { createSessionMiddleware, sessionLifetime } from './http/sessions';
import { requestLanguage } from './i18n';
import type { Logger } from './logger';
import type { LaneAnswer } from './http/socket-lane';
import { createSiteRouter } from './site/site.router';
import { createServices, type AppDeps } from './services';

export type { AppDeps } from './services';

/**
 * The whole HTTP application: the services (services.ts) mounted on
 * Express behind the page cache. A request is first offered to the page
 * cache; anything it does not hold goes through Express: security headers,
 * request logs, `/healthz`, sessions, the JSON API at `/api`, and the public
 * site. It does not listen; `server/index.ts` does, and tests drive it with
 * supertest.
 */
export function createApp(deps: AppDeps): AppHandler {
  const { config, logger } = deps;
  const services = createServices(deps);
  const { health, audit, registry, auth, limits, requestLog, pageCache } = services;
  const { analytics, reminders, writes } = services;
  const { news, pages, bounds, previews, contacts, media, texts, origin } = services;

  const app = express();
  app.disable('x-powered-by');
  // Every path means one thing (server/http/router.ts): `/API/…` and `/api/news/1/` reach nothing.
  app.set('case sensitive routing', ROUTING.caseSensitive);
  app.set('strict routing', ROUTING.strict);
  if (config.trustProxy !== undefined) app.set('trust proxy', config.trustProxy);

  app.use(securityHeaders());
  app.use(requestLogger(requestLog));
  // Links are built from Host: one that names no host is answered 400 before anything reads it.
  app.use(rejectMalformedHost());
  // Keeps what anonymous public requests render (most page views never get this far: see below).
  app.use(pageCache.capture);
  // gzip for what is rendered afresh: HTML, JSON, scripts and styles above 1 kB.
  app.use(compression({ threshold: 1024 }));
  app.use(createHealthRouter({ health, logger }));
  app.use(createSessionMiddleware(deps.sessionStore, deps.sessionSecret, config.session));
  app.use(sessionLifetime({ lifetime: config.session, registry, logger }));
  app.use(currentUser({ load: (id, handle) => auth.sessionUserOf(id, handle), registry }));
  app.use(
    '/api',
    // Every service the API's routers read, by the names they read them.
    createApi({ config, logger, ...services }),
  );
  // Failures before the API router is reached (the session store, say) still answer JSON, and
  // so does the API's address in another spelling (`/API/…`): routes match case-sensitively, so
  // it reaches no API route, and it is no page either (the page cache leaves it to Express,
  // outside its gate for misses).
  app.use(/^\/api(?=\/|$)/i, apiNotFound, apiErrorHandler(logger, health));
  app.use(createMediaFilesRouter({ media }));
  app.use(
    createSiteRouter({
      config,
      limits,
      news,
      bounds,
      pages,
      previews,
      contacts,
      media,
      texts,
      origin,
      logger,
      countView: analytics.countRendered,
      admit: pageCache.admit,
    }),
  );
  app.use(lastResort(logger));
  if (deps.background) {
    health.start();
    audit.start();
    reminders.start();
    analytics.start();
  }

  // A page that is already rendered goes out before Express even looks at the request.
  const handler = (req: IncomingMessage, res: ServerResponse) => {
    pageCache.serve(req, res, () => app(req, res));
  };
  // The Express app behind it, for tests that read its routes; and what the
  // shutdown stops before the stores close: its own timers, the page views
  // counted since the last write, and the writes still waiting for a commit
  // (rate-limit counts are answered before theirs).
  const timers = deps.background ? [health, audit, reminders] : [];
  const background = [...timers, analytics, { stop: () => writes.settled() }];
  return Object.assign(handler, {
    express: app,
    background,
    settled: () => writes.settled(),
    answerOnSocket: pageCache.answerOnSocket,
  });
}

/** What `createApp` returns: a Node request listener for `http.createServer` or supertest. */
export type AppHandler = ((req: IncomingMessage, res: ServerResponse) => void) & {
  express: express.Express;
  /**
   * What to stop before the stores close: the app's own timers (database
   * write probe, audit pruning) when `background` is set, the page views
   * counted since their last write, and its writes still waiting for a commit.
   */
  background: { stop(): Promise<void> }[];
  /** Resolves once every write handed in so far (rate-limit counts written behind) is committed. */
  settled(): Promise<void>;
  /** Sends a cached page to a request the socket lane read itself (see attachSocketLane). */
  answerOnSocket: LaneAnswer;
};

/**
 * Anything the site did not answer itself: a plain-text answer in the
 * visitor's language; a 5xx names the request id that its log line carries.
 */
function lastResort(logger: Logger): ErrorRequestHandler {
  return (error, req, res, _next) => {
    const answer = errorResponse(error, requestLanguage(req));
    const id = String(req.id ?? '');
    if (!answer.expected || answer.status >= 500) {
      logger.error({ err: error, id, url: loggedUrl(req.originalUrl) }, 'unhandled error');
    }
    if (res.headersSent) return res.end();
    if (answer.retryAfter !== undefined) res.set('Retry-After', String(answer.retryAfter));
    res
      .status(answer.status)
      .type('text/plain')
      .send(answer.status >= 500 ? `${answer.error} (${id})` : answer.error);
  };
}
