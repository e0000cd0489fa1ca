import type { Request, RequestHandler } from 'express';
import { rateLimit } from 'express-rate-limit';
import { TooManyRequestsError } from '../../errors';

/**
 * A few generations a minute per admin (keyed by the session's user id, so
 * admins behind one proxy do not share a budget), so one open tab cannot run
 * up the model bill. `RATE_LIMIT_AI`; 0 disables. Runs after `requireAdmin`.
 */
export function generationLimiter(perMinute: number): RequestHandler {
  if (perMinute === 0) return (_req, _res, next) => next();
  return rateLimit({
    windowMs: 60_000,
    limit: perMinute,
    standardHeaders: 'draft-8',
    legacyHeaders: false,
    keyGenerator: (req: Request) => `admin:${req.session.user?.id ?? 'anonymous'}`,
    handler: (_req, _res, next) => next(new TooManyRequestsError('llm.errors.tooManyRequests')),
  });
}
