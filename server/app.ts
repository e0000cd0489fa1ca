import type { IncomingMessage, ServerResponse } from 'node:http';
import compression from 'compression';
import express, { type ErrorRequestHandler } from 'express';
import type session from 'express-session';
import { createApi } from './api/api';
import { apiErrorHandler } from './api/error-handler';
import { systemClock, type Clock } from './clock';
import type { Config } from './config';
import { createContentVersion, type ContentVersion } from './content-version';
import { createDbHealth } from './db/db-health';
import { createGroupCommit } from './db/group-commit';
import type { Db } from './db/knex';
import { createAnalyticsService } from './features/analytics/analytics.service';
import { createAuditService } from './features/audit/audit.service';
import { createAuthService } from './features/auth/auth.service';
import { createInvitationsService } from './features/auth/invitations.service';
import { createRecoveryService } from './features/auth/recovery.service';
import { createStaffService } from './features/auth/staff.service';
import { createSessionRegistry } from './features/auth/session-registry';
import { createTwoFactorService } from './features/auth/two-factor.service';
import { createContactsService } from './features/contacts/contacts.service';
import { enquirySources } from './features/contacts/enquiry-sources';
import { createEnquiryThreadService } from './features/contacts/enquiry-thread.service';
import { createReplyReminders } from './features/contacts/reply-reminders';
import { webhookUrlProblem } from './features/mail/webhook-address';
import { createWebhooksService } from './features/mail/webhooks.service';
import { createHealthRouter } from './features/health/health.routes';
import { createLlmService } from './features/llm/llm.service';
import { createLlmProvider } from './features/llm/openai-provider';
import { createMailService } from './features/mail/mail.service';
import { createMediaFilesRouter } from './features/media/media-files.routes';
import { createMediaStorage } from './features/media/media-storage';
import { createMediaService } from './features/media/media.service';
import type { OutboxSignal } from './features/mail/outbox-signal';
import { DEFAULT_LLM_TUNING, type LlmTuning } from './features/llm/resilient-completion';
import { createListBounds } from './features/news/list-bounds';
import { createNewsService } from './features/news/news.service';
import { createPagesService } from './features/news/pages.service';
import { createPreviewsService } from './features/news/previews.service';
import { createRevisionsService } from './features/news/revisions.service';
import { createSiteTextsService } from './features/site-texts/site-texts.service';
import { createDemoContentService } from './features/news/demo-content';
import { createSettingsService } from './features/settings/settings.service';
import { currentUser } from './http/current-user';
import { errorResponse } from './http/error-response';
import { createPublicOrigin } from './http/public-origin';
import { createRateLimits } from './http/rate-limits';
import { createRequestLog, loggedUrl } from './http/request-log';
import { rejectMalformedHost } from './http/host';
import { requestLogger } from './http/request-logger';
import { ROUTING } from './http/router';
import { securityHeaderValues, securityHeaders } from './http/security';
import { createSessionMiddleware, sessionLifetime } from './http/sessions';
import { requestLanguage } from './i18n';
import { accessLogger, type Logger } from './logger';
import type { LaneAnswer } from './http/socket-lane';
import { createPageCache } from './site/page-cache/page-cache';
import { DIST_CLIENT } from './site/paths';
import { createSiteRouter } from './site/site.router';
import { createStaticFiles } from './site/static-files';
import { createTextsPreview } from './site/texts-preview';

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
  /** Start the timers of a long-running server (write probe, audit pruning); off in tests. */
  background?: boolean;
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
  const health = createDbHealth({ db, logger: logger.child({ feature: 'database' }) });
  const audit = createAuditService({
    db,
    logger: logger.child({ feature: 'audit' }),
    retentionDays: config.auditRetentionDays,
  });
  const clock = deps.clock ?? systemClock;
  // Every service write that changes what the public sees says so here (content-version.ts).
  const contentVersion = deps.contentVersion ?? createContentVersion(clock);
  const texts = createSiteTextsService({ db, version: contentVersion, clock, audit });
  const news = createNewsService({ db, clock, audit, content: contentVersion });
  const pages = createPagesService({ db, clock, audit, content: contentVersion });
  const bounds = createListBounds({
    news,
    content: contentVersion,
    logger: logger.child({ feature: 'news' }),
  });
  const origin = createPublicOrigin({ publicUrl: config.publicUrl, trustProxy: config.trustProxy });
  const previews = createPreviewsService({ db, news, pages, clock, audit });
  const revisions = createRevisionsService({ db, news });
  const pageRevisions = createRevisionsService({ db, news: pages });
  const media = createMediaService({
    db,
    storage: createMediaStorage(config.media.storage, db, config.dataDir),
    news,
    version: contentVersion,
    logger: logger.child({ feature: 'media' }),
    clock,
    audit,
  });
  const settings = createSettingsService({
    db,
    audit,
    clock,
    checks: {
      webhook_url: (url) => webhookUrlProblem(String(url), config.webhooks.allowPrivate),
    },
  });
  const auth = createAuthService({
    db,
    allowRegistration: config.allowRegistration,
    audit,
    twoFactorRequired: () => settings.value('require_two_factor'),
  });
  const twoFactor = createTwoFactorService({
    db,
    audit,
    required: () => settings.value('require_two_factor'),
  });
  const registry = createSessionRegistry({
    db,
    store: deps.sessionStore,
    lifetime: config.session,
  });
  const now = clock;
  const mail = createMailService({
    db,
    config,
    signal: deps.outboxSignal,
    texts,
    settings,
    clock: now,
  });
  const staff = createStaffService({ db, registry, audit });
  const invitations = createInvitationsService({ db, mail, audit });
  const recovery = createRecoveryService({
    db,
    mail,
    audit,
    registry,
    logger: logger.child({ feature: 'accounts' }),
  });
  // Enquiries and the rate limits' counters are committed together (group-commit.ts).
  const writes = createGroupCommit(db);
  // Page views are counted in memory and written every few seconds, through the group commit.
  const analytics = createAnalyticsService({
    db,
    writes,
    logger: logger.child({ feature: 'analytics' }),
    publicUrl: config.publicUrl,
    flushMs: config.analyticsFlushMs,
    clock: () => now().getTime(),
  });
  const contacts = createContactsService({
    db,
    writes,
    mail,
    settings,
    logger: logger.child({ feature: 'contacts' }),
    audit,
    // The call to action of each public article and page leads to the form with its slug;
    // an enquiry from one is counted there as it arrives.
    sources: enquirySources(
      [(slug, opts) => news.getBySlug(slug, opts), (slug, opts) => pages.getBySlug(slug, opts)],
      (trx, source, language, at) => analytics.countEnquiry(trx, source.id, language, at),
    ),
    clock: now,
  });
  const thread = createEnquiryThreadService({ db, mail, audit, clock: now });
  const reminders = createReplyReminders({
    db,
    mail,
    settings,
    logger: logger.child({ feature: 'reminders' }),
    clock: now,
  });
  const llm = createLlmService({
    provider: createLlmProvider(config.llm),
    news,
    enquiries: thread,
    logger: logger.child({ feature: 'llm' }),
    tuning: { ...DEFAULT_LLM_TUNING, ...deps.llmTuning },
  });
  const limits = createRateLimits(config, db, writes);
  const access = accessLogger(logger);
  // One request log for the pages the cache answers and everything Express does.
  // Each line names the client as req.ip does (behind a trusted proxy, the address it forwards).
  const requestLog = createRequestLog(access, origin.clientAddress);
  const pageCache = createPageCache({
    budgetBytes: config.pageCacheBytes,
    origin,
    version: contentVersion,
    logger: access,
    requestLog,
    // A cached page view counts like a rendered one (the page's identity is kept with it).
    countView: analytics.countCached,
    // Built files from memory, like pages (the disk only for Range requests and source maps).
    files: createStaticFiles({
      dir: DIST_CLIENT,
      dev: config.env === 'development',
      headers: securityHeaderValues(),
    }),
  });

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
  app.use(currentUser({ load: (id) => auth.sessionUser(id), registry }));
  app.use(
    '/api',
    createApi({
      config,
      logger,
      limits,
      news,
      pages,
      bounds,
      previews,
      revisions,
      pageRevisions,
      media,
      auth,
      twoFactor,
      registry,
      audit,
      contacts,
      thread,
      analytics,
      llm,
      mail,
      texts,
      settings,
      textsPreview: createTextsPreview({ news, pages, previews, contacts, media }),
      staff,
      invitations,
      recovery,
      demo: createDemoContentService({ db, audit, content: contentVersion }),
      origin,
      health,
      webhooks: createWebhooksService({ db }),
    }),
  );
  // Failures before the API router is reached (the session store, say) still answer JSON.
  app.use('/api', apiErrorHandler(logger, health));
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
