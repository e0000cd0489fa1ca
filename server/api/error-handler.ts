import type { ErrorRequestHandler, RequestHandler } from 'express';
import { NotFoundError } from '../errors';
import { errorResponse } from '../http/error-response';
import { loggedUrl } from '../http/request-logger';
import { requestLanguage } from '../i18n';
import type { Logger } from '../logger';

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
    const {
      status,
      error: message,
      details,
      expected,
    } = errorResponse(error, requestLanguage(req));
    if (!expected)
      logger.error({ err: error, url: loggedUrl(req.originalUrl) }, 'unhandled API error');
    if (res.headersSent) return res.end();
    res
      .status(status)
      .set('Cache-Control', 'no-store')
      .json({ error: message, ...(details && { details }) });
  };
}
