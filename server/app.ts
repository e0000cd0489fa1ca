import type { IncomingMessage, ServerResponse } from 'node:http';
import compression from 'compression';
import express, { type ErrorRequestHandler } from 'express';
import type session from 'express-session';
import { createApi } from './api/api';
import { apiErrorHandler } from './api/error-handler';
import { systemClock, type Clock } from './clock';
import type { Config } from './config';
import { createContentVersion, type ContentVersion } from './content-version';
import type { Db } from './db/knex';
import { createAuthService } from './features/auth/auth.service';
import { createContactsService } from './features/contacts/contacts.service';
import { createHealthRouter } from './features/health/health.routes';
import { createLlmService } from './features/llm/llm.service';
import { createLlmProvider } from './features/llm/openai-provider';
import { createMailService } from './features/mail/mail.service';
import { createMediaFilesRouter } from './features/media/media-files.routes';
import { createMediaStorage } from './features/media/media-storage';
import { createMediaService } from './features/media/media.service';
import type { OutboxSignal } from './features/mail/outbox-signal';
import { DEFAULT_LLM_TUNING, type LlmTuning } from './features/llm/resilient-completion';
import { createNewsService } from './features/news/news.service';
import { createPreviewsService } from './features/news/previews.service';
import { createRevisionsService } from './features/news/revisions.service';
import { bumpOnContentWrite } from './http/content-writes';
import { createRateLimits } from './http/rate-limits';
import { loggedUrl, requestLogger } from './http/request-logger';
import { securityHeaders } from './http/security';
import { createSessionMiddleware } from './http/sessions';
import { accessLogger, type Logger } from './logger';
import { createPageCache } from './site/page-cache/page-cache';
import { createSiteRouter } from './site/site.router';

export type AppDeps = {
  config: Config;
  logger: Logger;
  db: Db;
  sessionStore: session.Store;
  sessionSecret: string;
  /** Overrides for tests: a short model deadline, no retry wait. */
  llmTuning?: Partial<LlmTuning>;
  /** The version of public content; several instances share one (see content-version.ts). */
  contentVersion?: ContentVersion;
  /** Tells the mail worker (started beside the app, not by it) that new mail was queued. */
  outboxSignal?: OutboxSignal;
  /** The time scheduling, share links and revisions go by (tests set it). */
  clock?: Clock;
};

/**
 * The whole HTTP application. Every service is built here, once, and handed
 * to the routes that need it; features never build each other. A request is
 * first offered to the page cache; anything it does not hold goes through
 * Express: security headers, request logs, `/healthz`, sessions, the JSON API
 * at `/api`, and the public site. It does not listen; `server/index.ts` does,
 * and tests drive it with supertest.
 */
export function createApp(deps: AppDeps): AppHandler {
  const { config, logger, db } = deps;
  const clock = deps.clock ?? systemClock;
  const news = createNewsService({ db, clock });
  const previews = createPreviewsService({ db, news, clock });
  const revisions = createRevisionsService({ db, news });
  const media = createMediaService({
    db,
    storage: createMediaStorage(config.media.storage, db, config.dataDir),
    news,
    logger: logger.child({ feature: 'media' }),
    clock,
  });
  const auth = createAuthService({ db, allowRegistration: config.allowRegistration });
  const mail = createMailService({ db, config, signal: deps.outboxSignal });
  const contacts = createContactsService({
    db,
    mail,
    logger: logger.child({ feature: 'contacts' }),
  });
  const llm = createLlmService({
    provider: createLlmProvider(config.llm),
    news,
    logger: logger.child({ feature: 'llm' }),
    tuning: { ...DEFAULT_LLM_TUNING, ...deps.llmTuning },
  });
  const limits = createRateLimits(config);
  const contentVersion = deps.contentVersion ?? createContentVersion(clock);
  const access = accessLogger(logger);
  const pageCache = createPageCache({
    budgetBytes: config.pageCacheBytes,
    keyByOrigin: config.publicUrl === undefined,
    version: contentVersion,
    logger: access,
  });

  const app = express();
  app.disable('x-powered-by');
  if (config.trustProxy !== undefined) app.set('trust proxy', config.trustProxy);

  app.use(securityHeaders());
  app.use(requestLogger(access));
  // Keeps what anonymous public requests render (most page views never get this far: see below).
  app.use(pageCache.capture);
  // gzip for what is rendered afresh: HTML, JSON, scripts and styles above 1 kB.
  app.use(compression({ threshold: 1024 }));
  app.use(createHealthRouter({ db, logger }));
  app.use(createSessionMiddleware(deps.sessionStore, deps.sessionSecret));
  app.use('/api', bumpOnContentWrite(contentVersion, ['/news', '/media']));
  app.use(
    '/api',
    createApi({
      config,
      logger,
      limits,
      news,
      previews,
      revisions,
      media,
      auth,
      contacts,
      llm,
      mail,
    }),
  );
  // Failures before the API router is reached (the session store, say) still answer JSON.
  app.use('/api', apiErrorHandler(logger));
  app.use(createMediaFilesRouter({ media }));
  app.use(createSiteRouter({ config, limits, news, previews, contacts, logger }));
  app.use(lastResort(logger));

  // A page that is already rendered goes out before Express even looks at the request.
  return (req, res) => {
    if (!pageCache.serve(req, res)) app(req, res);
  };
}

/** What `createApp` returns: a Node request listener for `http.createServer` or supertest. */
export type AppHandler = (req: IncomingMessage, res: ServerResponse) => void;

/** Anything the site did not answer itself: a plain answer without details; 5xx are logged. */
function lastResort(logger: Logger): ErrorRequestHandler {
  return (error, req, res, _next) => {
    const status = (error as { status?: number }).status;
    const clientError = typeof status === 'number' && status >= 400 && status < 500;
    if (!clientError)
      logger.error({ err: error, url: loggedUrl(req.originalUrl) }, 'unhandled error');
    if (res.headersSent) return res.end();
    res
      .status(clientError ? status : 500)
      .type('text/plain')
      .send(clientError ? 'Bad Request' : 'Internal Server Error');
  };
}
