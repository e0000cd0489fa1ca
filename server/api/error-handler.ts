import type { ErrorRequestHandler, RequestHandler } from 'express';
import { AppError, NotFoundError } from '../errors';
import type { Logger } from '../logger';
import { requestLanguage, translator } from '../i18n';

type HttpishError = { status?: number; statusCode?: number; type?: string; expose?: boolean };

/** What body-parser and friends throw, as our typed errors. */
function normalise(error: unknown): AppError | null {
  if (error instanceof AppError) return error;
  const e = (error ?? {}) as HttpishError;
  if (e.type === 'entity.parse.failed') return new AppError(400, 'apiErrors.malformedJson');
  if (e.type === 'entity.too.large') return new AppError(413, 'apiErrors.tooLarge');
  if (e.type === 'charset.unsupported' || e.type === 'encoding.unsupported') {
    return new AppError(415, 'apiErrors.unsupportedMediaType');
  }
  const status = e.status ?? e.statusCode;
  if (status && status >= 400 && status < 500) return new AppError(status, 'apiErrors.badRequest');
  return null;
}

/** Unknown `/api/…` paths: 404 JSON, never the site's HTML page. */
export const apiNotFound: RequestHandler = (_req, _res, next) =>
  next(new NotFoundError('apiErrors.endpointNotFound'));

/**
 * The one error handler of the API: `{error, details?}` in the request's
 * language with the error's status. Unexpected failures are logged and
 * answered with a plain 500; no stack trace ever leaves the server.
 */
export function apiErrorHandler(logger: Logger): ErrorRequestHandler {
  return (error, req, res, _next) => {
    const known = normalise(error);
    if (!known) logger.error({ err: error, url: req.originalUrl }, 'unhandled API error');
    const status = known?.status ?? 500;
    const t = translator(requestLanguage(req));
    const details = known?.details
      ? Object.fromEntries(Object.entries(known.details).map(([k, v]) => [k, t(v)]))
      : undefined;
    if (res.headersSent) return res.end();
    res
      .status(status)
      .set('Cache-Control', 'no-store')
      .json({ error: t(known?.message ?? 'apiErrors.internal'), ...(details && { details }) });
  };
}
