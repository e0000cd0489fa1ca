import type { Request, RequestHandler } from 'express';
import { ipKeyGenerator, rateLimit, type Options } from 'express-rate-limit';
import type { Config } from '../config';
import { TooManyRequestsError } from '../errors';

const MINUTE = 60 * 1000;

const clientIp = (req: Request) => ipKeyGenerator(req.ip ?? req.socket.remoteAddress ?? 'unknown');

const off: RequestHandler = (_req, _res, next) => next();

/** A limiter that hands a translated 429 to the error handling of whoever mounted it. */
function limiter(options: Partial<Options> & { limit: number }, messageKey: string) {
  return rateLimit({
    standardHeaders: 'draft-7',
    legacyHeaders: false,
    ...options,
    handler: (_req, _res, next) => next(new TooManyRequestsError(messageKey)),
  });
}

export type RateLimits = {
  /** Failed sign-ins per 15 minutes per IP and username (successes never count). */
  login: RequestHandler;
  /** Enquiries per 10 minutes per IP, for the API and the no-JavaScript form alike. */
  contact: RequestHandler;
  /** AI drafts per minute per signed-in admin; mount after `requireAdmin`. */
  ai: RequestHandler;
};

/**
 * Every rate limit of the server, built once per app so each counter is
 * shared by all the routes that use it: a visitor who posts the contact form
 * without JavaScript and then calls the API spends one budget, not two.
 * A limit of 0 turns the contact and AI limits off.
 */
export function createRateLimits(config: Pick<Config, 'rateLimit'>): RateLimits {
  const { login, contact, ai } = config.rateLimit;
  return {
    login: limiter(
      {
        windowMs: 15 * MINUTE,
        limit: login,
        skipSuccessfulRequests: true,
        keyGenerator: (req) => {
          const body = req.body as { username?: unknown } | undefined;
          const name = typeof body?.username === 'string' ? body.username.trim().toLowerCase() : '';
          return `${clientIp(req)}|${name}`;
        },
      },
      'apiErrors.tooManyLogins',
    ),
    contact:
      contact === 0
        ? off
        : limiter(
            { windowMs: 10 * MINUTE, limit: contact, keyGenerator: clientIp },
            'apiErrors.tooManyContacts',
          ),
    // Keyed by the admin's id, so admins behind one proxy do not share a budget.
    ai:
      ai === 0
        ? off
        : limiter(
            {
              windowMs: MINUTE,
              limit: ai,
              standardHeaders: 'draft-8',
              keyGenerator: (req) => `admin:${req.session.user?.id ?? 'anonymous'}`,
            },
            'llm.errors.tooManyRequests',
          ),
  };
}
