import express from 'express';
import type { Config } from '../config';
import { createAuthRouter } from '../features/auth/auth.routes';
import type { AuthService } from '../features/auth/auth.service';
import { createContactsRouter } from '../features/contacts/contacts.routes';
import type { ContactsService } from '../features/contacts/contacts.service';
import { createLlmRouter } from '../features/llm/llm.routes';
import type { LlmService } from '../features/llm/llm.service';
import { createMailRouter } from '../features/mail/mail.routes';
import type { MailService } from '../features/mail/mail.service';
import { createMediaRouter } from '../features/media/media.routes';
import type { MediaService } from '../features/media/media.service';
import { createNewsRouter } from '../features/news/news.routes';
import type { NewsService } from '../features/news/news.service';
import { createPreviewsRouter } from '../features/news/previews.routes';
import type { PreviewsService } from '../features/news/previews.service';
import type { RevisionsService } from '../features/news/revisions.service';
import type { Logger } from '../logger';
import { sameOrigin } from '../http/origin';
import type { RateLimits } from '../http/rate-limits';
import { apiErrorHandler, apiNotFound } from './error-handler';

export const JSON_LIMIT = '100kb';

export type ApiDeps = {
  config: Config;
  logger: Logger;
  limits: RateLimits;
  news: NewsService;
  previews: PreviewsService;
  revisions: RevisionsService;
  media: MediaService;
  auth: AuthService;
  contacts: ContactsService;
  llm: LlmService;
  mail: MailService;
};

/** The JSON API mounted at `/api`: JSON in and out, one error handler, never HTML. */
export function createApi(deps: ApiDeps) {
  const { config, logger, limits, news, previews, revisions, media, auth, contacts, llm, mail } =
    deps;
  const api = express.Router();

  api.use((_req, res, next) => {
    res.set('Cache-Control', 'no-store');
    next();
  });
  api.use(sameOrigin(config.allowedOrigins));
  api.use(express.json({ limit: JSON_LIMIT }));

  api.use('/auth', createAuthRouter({ auth, loginLimit: limits.login }));
  api.use('/news', createNewsRouter({ news, previews, revisions }));
  api.use('/previews', createPreviewsRouter({ previews }));
  api.use('/media', createMediaRouter({ media, maxBytes: config.media.maxBytes }));
  api.use('/contacts', createContactsRouter({ contacts, contactLimit: limits.contact }));
  api.use('/llm', createLlmRouter({ llm, aiLimit: limits.ai }));
  api.use('/mail', createMailRouter({ mail }));

  api.use(apiNotFound);
  api.use(apiErrorHandler(logger));
  return api;
}
