import type { RequestHandler } from 'express';
import { AppError, ForbiddenError } from '../errors';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** The origins `sameOrigin` accepts besides the request's own: ALLOWED_ORIGINS and PUBLIC_URL's. */
export const trustedOrigins = (config: {
  allowedOrigins: readonly string[];
  publicUrl?: string | undefined;
}): string[] => [...config.allowedOrigins, ...(config.publicUrl ? [config.publicUrl] : [])];

/**
 * Rejects state-changing calls sent from another site. With an `Origin`
 * header, it must be the site's own origin, PUBLIC_URL's, or one of
 * ALLOWED_ORIGINS (`null` never is). Without one, a browser's
 * `Sec-Fetch-Site` must say `same-origin` or `none` (typed in the address
 * bar). With neither header the caller is no browser (curl, a server) and
 * passes: there is no visitor whose cookies it could ride.
 */
export function sameOrigin(allowed: readonly string[]): RequestHandler {
  const extra = new Set(allowed.map((o) => o.toLowerCase().replace(/\/+$/, '')));
  return (req, _res, next) => {
    if (SAFE_METHODS.has(req.method)) return next();
    const origin = req.get('origin');
    if (origin !== undefined) {
      const own = `${req.protocol}://${req.host}`.toLowerCase();
      const candidate = origin.toLowerCase().replace(/\/+$/, '');
      if (candidate === own || extra.has(candidate)) return next();
      return next(new ForbiddenError('apiErrors.originForbidden'));
    }
    const site = req.get('sec-fetch-site');
    if (site === undefined || site === 'same-origin' || site === 'none') return next();
    next(new ForbiddenError('apiErrors.originForbidden'));
  };
}

/**
 * Calls that carry a body must send it as `application/json` (415
 * otherwise): a form on another site can post text/plain, urlencoded or
 * multipart without a CORS preflight, but never JSON. The paths listed in
 * `multipartPaths` (uploads) may send `multipart/form-data` instead.
 */
export function requireJsonBody(multipartPaths: readonly string[]): RequestHandler {
  return (req, _res, next) => {
    if (SAFE_METHODS.has(req.method)) return next();
    const length = req.get('content-length');
    const hasBody =
      req.get('transfer-encoding') !== undefined || (length !== undefined && length !== '0');
    // Without a body there is nothing to smuggle, whatever the type says
    // (and `req.is` cannot judge a body-less request).
    if (!hasBody) return next();
    if (req.is('application/json')) return next();
    if (req.is('multipart/form-data') && multipartPaths.includes(req.path)) return next();
    next(new AppError(415, 'apiErrors.unsupportedMediaType'));
  };
}
