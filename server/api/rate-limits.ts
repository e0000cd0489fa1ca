import type { Request, RequestHandler } from 'express';
import { ipKeyGenerator, rateLimit } from 'express-rate-limit';
import type { Config } from '../config';
import { TooManyRequestsError } from '../errors';

const MINUTE = 60 * 1000;

const clientIp = (req: Request) => ipKeyGenerator(req.ip ?? req.socket.remoteAddress ?? 'unknown');

/**
 * Failed sign-ins per 15 minutes per IP and username: only failures count,
 * so an admin who signs in correctly is never locked out.
 */
export function loginLimiter(config: Pick<Config, 'rateLimit'>): RequestHandler {
  return rateLimit({
    windowMs: 15 * MINUTE,
    limit: config.rateLimit.login,
    skipSuccessfulRequests: true,
    standardHeaders: 'draft-7',
    legacyHeaders: false,
    keyGenerator: (req) => {
      const body = req.body as { username?: unknown } | undefined;
      const username = typeof body?.username === 'string' ? body.username.trim().toLowerCase() : '';
      return `${clientIp(req)}|${username}`;
    },
    handler: (_req, _res, next) => next(new TooManyRequestsError('apiErrors.tooManyLogins')),
  });
}

/**
 * Contact submissions per 10 minutes per IP; a limit of 0 turns it off. Over
 * the limit the API answers 429; the site passes `onLimit` to say so in the page.
 */
export function contactLimiter(
  config: Pick<Config, 'rateLimit'>,
  onLimit?: RequestHandler,
): RequestHandler {
  if (config.rateLimit.contact === 0) return (_req, _res, next) => next();
  return rateLimit({
    windowMs: 10 * MINUTE,
    limit: config.rateLimit.contact,
    standardHeaders: 'draft-7',
    legacyHeaders: false,
    keyGenerator: clientIp,
    handler:
      onLimit ??
      ((_req, _res, next) => next(new TooManyRequestsError('apiErrors.tooManyContacts'))),
  });
}
