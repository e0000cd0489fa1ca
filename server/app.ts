import compression from 'compression';
import express, { type ErrorRequestHandler } from 'express';
import type session from 'express-session';
import { createApi } from './api/api';
import { apiErrorHandler } from './api/error-handler';
import type { Config } from './config';
import type { Db } from './db/knex';
import { createAuthService } from './features/auth/auth.service';
import { createContactsService } from './features/contacts/contacts.service';
import { createHealthRouter } from './features/health/health.routes';
import { createLlmService } from './features/llm/llm.service';
import { createLlmProvider } from './features/llm/openai-provider';
import { DEFAULT_LLM_TUNING, type LlmTuning } from './features/llm/resilient-completion';
import { createNewsService } from './features/news/news.service';
import { createRateLimits } from './http/rate-limits';
import { requestLogger } from './http/request-logger';
import { securityHeaders } from './http/security';
import { createSessionMiddleware } from './http/sessions';
import type { Logger } from './logger';
import { createSiteRouter } from './site/site.router';

export type AppDeps = {
  config: Config;
  logger: Logger;
  db: Db;
  sessionStore: session.Store;
  sessionSecret: string;
  /** Overrides for tests: a short model deadline, no retry wait. */
  llmTuning?: Partial<LlmTuning>;
};

/**
 * The whole HTTP application. Every service is built here, once, and handed
 * to the routes that need it; features never build each other. Then: security
 * headers, request logs, `/healthz`, sessions, the JSON API at `/api`, and the
 * public site. It does not listen; `server/index.ts` does, and tests drive it
 * with supertest.
 */
export function createApp(deps: AppDeps): express.Express {
  const { config, logger, db } = deps;
  const news = createNewsService({ db });
  const auth = createAuthService({ db, allowRegistration: config.allowRegistration });
  const contacts = createContactsService({ db });
  const llm = createLlmService({
    provider: createLlmProvider(config.llm),
    news,
    logger: logger.child({ feature: 'llm' }),
    tuning: { ...DEFAULT_LLM_TUNING, ...deps.llmTuning },
  });
  const limits = createRateLimits(config);

  const app = express();
  app.disable('x-powered-by');
  if (config.trustProxy !== undefined) app.set('trust proxy', config.trustProxy);

  app.use(securityHeaders());
  // gzip/deflate for HTML, JSON, scripts and styles above 1 kB (a 530 kB bundle travels as ~170 kB).
  app.use(compression({ threshold: 1024 }));
  app.use(requestLogger(logger));
  app.use(createHealthRouter({ db, logger }));
  app.use(createSessionMiddleware(deps.sessionStore, deps.sessionSecret));
  app.use('/api', createApi({ config, logger, limits, news, auth, contacts, llm }));
  // Failures before the API router is reached (the session store, say) still answer JSON.
  app.use('/api', apiErrorHandler(logger));
  app.use(createSiteRouter({ config, limits, news, contacts, logger }));
  app.use(lastResort(logger));
  return app;
}

/** Anything the site did not answer itself: a plain answer without details; 5xx are logged. */
function lastResort(logger: Logger): ErrorRequestHandler {
  return (error, req, res, _next) => {
    const status = (error as { status?: number }).status;
    const clientError = typeof status === 'number' && status >= 400 && status < 500;
    if (!clientError) logger.error({ err: error, url: req.originalUrl }, 'unhandled error');
    if (res.headersSent) return res.end();
    res
      .status(clientError ? status : 500)
      .type('text/plain')
      .send(clientError ? 'Bad Request' : 'Internal Server Error');
  };
}
