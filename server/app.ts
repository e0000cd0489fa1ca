import compression from 'compression';
import express, { type ErrorRequestHandler } from 'express';
import type session from 'express-session';
import { createApi } from './api/api';
import { apiErrorHandler } from './api/error-handler';
import type { Config } from './config';
import { createDbHealth } from './db/db-health';
import type { Db } from './db/knex';
import { createAuditService } from './features/audit/audit.service';
import { createAuthService } from './features/auth/auth.service';
import { createSessionRegistry } from './features/auth/session-registry';
import { createTwoFactorService } from './features/auth/two-factor.service';
import { createContactsService } from './features/contacts/contacts.service';
import { createHealthRouter } from './features/health/health.routes';
import { createLlmService } from './features/llm/llm.service';
import { createLlmProvider } from './features/llm/openai-provider';
import { DEFAULT_LLM_TUNING, type LlmTuning } from './features/llm/resilient-completion';
import { createNewsService } from './features/news/news.service';
import { createRateLimits } from './http/rate-limits';
import { requestLogger } from './http/request-logger';
import { securityHeaders } from './http/security';
import { errorResponse } from './http/error-response';
import { createSessionMiddleware, sessionLifetime } from './http/sessions';
import { requestLanguage } from './i18n';
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
  /** Start the timers of a long-running server (write probe, audit pruning); off in tests. */
  background?: boolean;
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
  const health = createDbHealth({ db, logger: logger.child({ feature: 'database' }) });
  const audit = createAuditService({
    db,
    logger: logger.child({ feature: 'audit' }),
    retentionDays: config.auditRetentionDays,
  });
  const news = createNewsService({ db });
  const auth = createAuthService({ db, allowRegistration: config.allowRegistration, audit });
  const twoFactor = createTwoFactorService({ db, audit });
  const registry = createSessionRegistry({
    db,
    store: deps.sessionStore,
    lifetime: config.session,
  });
  const contacts = createContactsService({ db });
  const llm = createLlmService({
    provider: createLlmProvider(config.llm),
    news,
    logger: logger.child({ feature: 'llm' }),
    tuning: { ...DEFAULT_LLM_TUNING, ...deps.llmTuning },
  });
  const limits = createRateLimits(config, db);

  const app = express();
  app.disable('x-powered-by');
  if (config.trustProxy !== undefined) app.set('trust proxy', config.trustProxy);

  app.use(securityHeaders());
  // gzip/deflate for HTML, JSON, scripts and styles above 1 kB (a 530 kB bundle travels as ~170 kB).
  app.use(compression({ threshold: 1024 }));
  app.use(requestLogger(logger));
  app.use(createHealthRouter({ health, logger }));
  app.use(createSessionMiddleware(deps.sessionStore, deps.sessionSecret, config.session));
  app.use(sessionLifetime({ lifetime: config.session, registry, logger }));
  app.use(
    '/api',
    createApi({
      ...{ config, logger, limits, news, auth, twoFactor, registry, audit, contacts, llm },
      health,
    }),
  );
  // Failures before the API router is reached (the session store, say) still answer JSON.
  app.use('/api', apiErrorHandler(logger, health));
  app.use(createSiteRouter({ config, limits, news, contacts, logger }));
  app.use(lastResort(logger));
  if (deps.background) {
    health.start();
    audit.start();
  }
  return app;
}

/**
 * Anything the site did not answer itself: a plain-text answer in the
 * visitor's language; a 5xx names the request id that its log line carries.
 */
function lastResort(logger: Logger): ErrorRequestHandler {
  return (error, req, res, _next) => {
    const answer = errorResponse(error, requestLanguage(req));
    const id = String(req.id ?? '');
    if (!answer.expected || answer.status >= 500) {
      logger.error({ err: error, id, url: req.originalUrl }, 'unhandled error');
    }
    if (res.headersSent) return res.end();
    if (answer.retryAfter !== undefined) res.set('Retry-After', String(answer.retryAfter));
    res
      .status(answer.status)
      .type('text/plain')
      .send(answer.status >= 500 ? `${answer.error} (${id})` : answer.error);
  };
}
