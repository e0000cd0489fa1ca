import express from 'express';
import type { Config } from '../config';
import type { DbHealth } from '../db/db-health';
import { createAnalyticsRouter } from '../features/analytics/analytics.routes';
import type { AnalyticsService } from '../features/analytics/analytics.service';
import { createAuditRouter } from '../features/audit/audit.routes';
import type { AuditService } from '../features/audit/audit.service';
import { createAccountRouter } from '../features/auth/account.routes';
import { createAccountLinksRouter } from '../features/auth/account-links.routes';
import { createAuthRouter } from '../features/auth/auth.routes';
import type { AuthService } from '../features/auth/auth.service';
import type { InvitationsService } from '../features/auth/invitations.service';
import type { RecoveryService } from '../features/auth/recovery.service';
import type { StaffService } from '../features/auth/staff.service';
import { createUsersRouter } from '../features/auth/users.routes';
import type { SessionRegistry } from '../features/auth/session-registry';
import type { TwoFactorService } from '../features/auth/two-factor.service';
import { createContactsRouter } from '../features/contacts/contacts.routes';
import type { ContactsService } from '../features/contacts/contacts.service';
import type { EnquiryThreadService } from '../features/contacts/enquiry-thread.service';
import { createLlmRouter } from '../features/llm/llm.routes';
import type { LlmService } from '../features/llm/llm.service';
import { createMailRouter } from '../features/mail/mail.routes';
import type { MailService } from '../features/mail/mail.service';
import { createMediaRouter } from '../features/media/media.routes';
import type { MediaService } from '../features/media/media.service';
import { receivedUploadsDir } from '../features/media/upload';
import type { ListBounds } from '../features/news/list-bounds';
import type { PublicOrigin } from '../http/public-origin';
import { createNewsRouter } from '../features/news/news.routes';
import type { NewsService } from '../features/news/news.service';
import { createPagesRouter } from '../features/news/pages.routes';
import type { PagesService } from '../features/news/pages.service';
import { createPreviewsRouter } from '../features/news/previews.routes';
import type { PreviewsService } from '../features/news/previews.service';
import { createDemoContentRouter } from '../features/news/demo-content.routes';
import type { DemoContentService } from '../features/news/demo-content';
import type { RevisionsService } from '../features/news/revisions.service';
import { createSiteTextsRouter } from '../features/site-texts/site-texts.routes';
import type { SiteTextsService } from '../features/site-texts/site-texts.service';
import { createSettingsRouter } from '../features/settings/settings.routes';
import { createWebhooksRouter } from '../features/mail/webhooks.routes';
import type { WebhooksService } from '../features/mail/webhooks.service';
import type { SettingsService } from '../features/settings/settings.service';
import type { Logger } from '../logger';
import type { AdminPage } from '#shared/pages';
import type { TextsPreview } from '../site/texts-preview';
import { requireJsonBody, sameOrigin, trustedOrigins } from '../http/origin';
import type { RateLimits } from '../http/rate-limits';
import { apiErrorHandler, apiNotFound } from './error-handler';
import { createRouter } from '../http/router';

export const JSON_LIMIT = '100kb';

/** The only API paths that take `multipart/form-data` (uploads); every other body is JSON. */
export const MULTIPART_PATHS: readonly string[] = ['/media'];

export type ApiDeps = {
  config: Config;
  logger: Logger;
  limits: RateLimits;
  news: NewsService;
  pages: PagesService;
  /** How far the public news list goes (its query rules). */
  bounds: ListBounds;
  previews: PreviewsService;
  revisions: RevisionsService;
  pageRevisions: RevisionsService<AdminPage>;
  media: MediaService;
  auth: AuthService;
  twoFactor: TwoFactorService;
  registry: SessionRegistry;
  audit: AuditService;
  contacts: ContactsService;
  thread: EnquiryThreadService;
  analytics: AnalyticsService;
  llm: LlmService;
  mail: MailService;
  texts: SiteTextsService;
  demo: DemoContentService;
  settings: SettingsService;
  /** Renders a public page with unsaved site texts (the admin's preview). */
  textsPreview: TextsPreview;
  staff: StaffService;
  invitations: InvitationsService;
  recovery: RecoveryService;
  /** The site's address for links (PUBLIC_URL, else the request's own). */
  origin: PublicOrigin;
  webhooks: WebhooksService;
  /** Told about write failures (busy, disk full, read-only) so /healthz can name them. */
  health?: DbHealth;
};

/** The JSON API mounted at `/api`: JSON in and out, one error handler, never HTML. */
export function createApi(deps: ApiDeps) {
  const {
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
    textsPreview,
    staff,
    invitations,
    recovery,
    demo,
    origin,
  } = deps;
  const api = createRouter();
  const allowed = trustedOrigins(config);

  api.use((req, res, next) => {
    res.set('Cache-Control', 'no-store');
    // Routers match strictly, but their own root (`/api/news/`) is reached through a mount
    // point, which Express never matches strictly: no API path ends in a slash.
    if (req.path !== '/' && req.path.endsWith('/')) return apiNotFound(req, res, next);
    next();
  });
  api.use(sameOrigin(allowed));
  api.use(requireJsonBody(MULTIPART_PATHS));
  api.use(express.json({ limit: JSON_LIMIT }));

  const authDeps = { auth, twoFactor, registry, audit, limits };
  api.use(
    '/auth',
    createAuthRouter(authDeps),
    createAccountRouter(authDeps),
    createAccountLinksRouter({ auth, invitations, recovery, registry, origin, limits }),
  );
  api.use('/users', createUsersRouter({ staff, invitations, twoFactor, origin }));
  api.use('/news', createNewsRouter({ news, previews, revisions, bounds }));
  api.use('/pages', createPagesRouter({ pages, previews, revisions: pageRevisions }));
  api.use('/previews', createPreviewsRouter({ previews }));
  const { maxBytes, maxDocumentBytes, maxVideoBytes } = config.media;
  api.use(
    '/media',
    createMediaRouter({
      media,
      limits: { image: maxBytes, document: maxDocumentBytes, video: maxVideoBytes },
      tempDir: receivedUploadsDir(config.dataDir),
    }),
  );
  api.use('/contacts', createContactsRouter({ contacts, thread, contactLimit: limits.contact }));
  api.use('/analytics', createAnalyticsRouter({ analytics }));
  api.use('/llm', createLlmRouter({ llm, aiLimit: limits.ai }));
  api.use('/audit', createAuditRouter({ audit }));
  api.use('/mail', createMailRouter({ mail }));
  api.use('/site', createSiteTextsRouter({ texts, preview: textsPreview, origin }));
  api.use('/settings', createSettingsRouter({ settings }));
  api.use('/demo', createDemoContentRouter({ demo }));
  api.use('/webhooks', createWebhooksRouter({ webhooks: deps.webhooks }));

  api.use(apiNotFound);
  api.use(apiErrorHandler(logger, deps.health));
  return api;
}
