import type { RequestHandler } from 'express';
import { ForbiddenError } from '../errors';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Rejects state-changing calls sent from a foreign page: when an `Origin`
 * header is present it must be the site's own origin or one of
 * ALLOWED_ORIGINS. Calls without `Origin` (curl, server-to-server) pass; the
 * SameSite=Lax cookie already keeps cross-site forms from riding a session.
 */
export function sameOrigin(allowed: readonly string[]): RequestHandler {
  const extra = new Set(allowed.map((o) => o.toLowerCase()));
  return (req, _res, next) => {
    const origin = req.get('origin');
    if (SAFE_METHODS.has(req.method) || origin === undefined) return next();
    const own = `${req.protocol}://${req.host}`.toLowerCase();
    const candidate = origin.toLowerCase().replace(/\/+$/, '');
    if (candidate === own || extra.has(candidate)) return next();
    next(new ForbiddenError('apiErrors.originForbidden'));
  };
}
