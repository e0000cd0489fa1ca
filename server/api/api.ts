import express from 'express';
import type { Config } from '../config';
import type { Db } from '../db/knex';
import { createAuthRouter } from '../features/auth/auth.routes';
import type { AuthService } from '../features/auth/auth.service';
import { createContactsRouter } from '../features/contacts/contacts.routes';
import type { ContactsService } from '../features/contacts/contacts.service';
import { createLlmRouter, type LlmRouterDeps } from '../features/llm/llm.routes';
import { createNewsRouter } from '../features/news/news.routes';
import type { NewsService } from '../features/news/news.service';
import type { Logger } from '../logger';
import { apiErrorHandler, apiNotFound } from './error-handler';
import { sameOrigin } from './origin';
import { contactLimiter, loginLimiter } from './rate-limits';

export const JSON_LIMIT = '100kb';

export type ApiDeps = {
  config: Config;
  logger: Logger;
  db: Db;
  news: NewsService;
  auth: AuthService;
  contacts: ContactsService;
  llmTuning?: LlmRouterDeps['llmTuning'];
};

/** The JSON API mounted at `/api`: JSON in and out, one error handler, never HTML. */
export function createApi(deps: ApiDeps): express.Router {
  const { config, logger, news, auth, contacts } = deps;
  const api = express.Router();

  api.use((_req, res, next) => {
    res.set('Cache-Control', 'no-store');
    next();
  });
  api.use(sameOrigin(config.allowedOrigins));
  api.use(express.json({ limit: JSON_LIMIT }));

  api.use('/auth', createAuthRouter({ auth, loginLimiter: loginLimiter(config) }));
  api.use('/news', createNewsRouter({ news }));
  api.use('/contacts', createContactsRouter({ contacts, contactLimiter: contactLimiter(config) }));
  api.use('/llm', createLlmRouter({ config, logger, news, llmTuning: deps.llmTuning }));

  api.use(apiNotFound);
  api.use(apiErrorHandler(logger));
  return api;
}
