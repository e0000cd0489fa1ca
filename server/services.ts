import type session from 'express-session';
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
import { createLlmService } from './features/llm/llm.service';
import { createLlmProvider } from './features/llm/openai-provider';
import { createMailService } from './features/mail/mail.service';
import { createMediaStorage } from './features/media/media-storage';
import { createMediaService } from './features/media/media.service';
import { createMediaRepo } from './features/media/media.repo';
import type { OutboxSignal } from './features/mail/outbox-signal';
import { DEFAULT_LLM_TUNING, type LlmTuning } from './features/llm/resilient-completion';
import { createListBounds } from './features/news/list-bounds';
import type { UploadLookup } from './features/news/document-media';
import { createNewsService } from './features/news/news.service';
import { createPagesService } from './features/news/pages.service';
import { createPreviewsService } from './features/news/previews.service';
import { createRevisionsService } from './features/news/revisions.service';
import { createSiteTextsService } from './features/site-texts/site-texts.service';
import { createDemoContentService } from './features/news/demo-content';
import { createSettingsService } from './features/settings/settings.service';
import { createPublicOrigin } from './http/public-origin';
import { createRateLimits } from './http/rate-limits';
import { createRequestLog } from './http/request-log';
import { securityHeaderValues } from './http/security';
import { accessLogger, type Logger } from './logger';
import { createPageCache, type MissGate } from './site/page-cache/page-cache';
import { DIST_CLIENT } from './site/paths';
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
  /** The page cache's miss gate (tests watch or shut it); else one with the default settings. */
  missGate?: MissGate;
};

/**
 * Every service of the application, built here once, each handed what it
 * needs; features never build each other. `createApp` mounts them on
 * Express and the socket lane; nothing here reads a request.
 */
export function createServices(deps: AppDeps) {
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
  // Saves of articles and pages ask the media library which uploads are gone (not the media service: it asks them).
  const uploads: UploadLookup = {
    origin: config.publicUrl,
    missing: (ids, trx) => createMediaRepo(trx ?? db).missing(ids, trx ? { lock: 'share' } : {}),
  };
  const news = createNewsService({ db, clock, audit, content: contentVersion, uploads });
  const pages = createPagesService({ db, clock, audit, content: contentVersion, uploads });
  const bounds = createListBounds({
    news,
    content: contentVersion,
    logger: logger.child({ feature: 'news' }),
  });
  const origin = createPublicOrigin({
    publicUrl: config.publicUrl,
    trustProxy: config.trustProxy,
    port: config.port,
  });
  const previews = createPreviewsService({ db, news, pages, clock, audit });
  const revisions = createRevisionsService({ db, news });
  const pageRevisions = createRevisionsService({ db, news: pages });
  const media = createMediaService({
    db,
    storage: createMediaStorage(config.media.storage, db, config.dataDir),
    news,
    version: contentVersion,
    origin: config.publicUrl,
    logger: logger.child({ feature: 'media' }),
    clock,
    audit,
  });
  const webhooks = createWebhooksService({ db, clock });
  const settings = createSettingsService({
    db,
    audit,
    clock,
    checks: {
      webhook_url: (url) => webhookUrlProblem(String(url), config.webhooks.allowPrivate),
    },
    effects: {
      webhook_url: (trx, url) => webhooks.addressSaved(trx, String(url)),
    },
  });
  const auth = createAuthService({
    db,
    allowRegistration: config.allowRegistration,
    audit,
    twoFactorRequired: () => settings.value('require_two_factor'),
    startupAccount: config.admin?.username,
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
  const twoFactor = createTwoFactorService({
    db,
    audit,
    required: () => settings.value('require_two_factor'),
    registry,
    mail,
  });
  const staff = createStaffService({
    db,
    registry,
    audit,
    enquiriesReleased: (userId, trx) => thread.releaseAll(userId, trx),
    openEnquiries: () => thread.openByOwner(),
    startupAccount: config.admin?.username,
  });
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
    // The company's days (where they begin and end), as its settings say.
    timeZone: {
      get: () => settings.loaded().reply_time_zone,
      refresh: () => settings.snapshot(),
    },
  });
  const contacts = createContactsService({
    db,
    writes,
    mail,
    settings,
    logger: logger.child({ feature: 'contacts' }),
    audit,
    // The call to action of each public article and page leads to the form with its slug (an
    // old slug too, on a page opened before a rename); an enquiry from one is counted there as
    // it arrives, and when it moves in or out of spam.
    sources: enquirySources(
      [(slug, opts) => news.getBySlug(slug, opts), (slug, opts) => pages.getBySlug(slug, opts)],
      (trx, id, language, at, change) => analytics.countEnquiry(trx, id, language, at, change),
      (slug) => news.redirectFor(slug),
    ),
    clock: now,
  });
  const thread = createEnquiryThreadService({
    db,
    mail,
    audit,
    clock: now,
    timeZone: async () => (await settings.snapshot()).reply_time_zone,
  });
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
    gate: deps.missGate,
    // A cached page view counts like a rendered one (the page's identity is kept with it).
    countView: analytics.countCached,
    // Built files from memory, like pages (the disk only for Range requests and source maps).
    files: createStaticFiles({
      dir: DIST_CLIENT,
      dev: config.env === 'development',
      headers: securityHeaderValues(),
      logger: logger.child({ feature: 'static-files' }),
    }),
  });

  return {
    health,
    audit,
    texts,
    news,
    pages,
    bounds,
    origin,
    previews,
    revisions,
    pageRevisions,
    media,
    settings,
    auth,
    twoFactor,
    registry,
    mail,
    staff,
    invitations,
    recovery,
    writes,
    analytics,
    contacts,
    thread,
    reminders,
    llm,
    limits,
    requestLog,
    pageCache,
    textsPreview: createTextsPreview({ news, pages, previews, contacts, media }),
    demo: createDemoContentService({ db, audit, content: contentVersion }),
    webhooks,
  };
}
