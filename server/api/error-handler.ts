import type { ErrorRequestHandler, RequestHandler } from 'express';
import type { DbHealth } from '../db/db-health';
import { NotFoundError } from '../errors';
import { errorResponse } from '../http/error-response';
import { loggedUrl } from '../http/request-log';
import { requestLanguage } from '../i18n';
import type { Logger } from '../logger';

/** Unknown `/api/…` paths: 404 JSON, never the site's HTML page. */
export const apiNotFound: RequestHandler = (_req, _res, next) =>
  next(new NotFoundError('apiErrors.endpointNotFound'));

/**
 * The one error handler of the API: `{error, details?, code?, current?}` in the request's
 * language with the error's status, `Retry-After` when the client should
 * try again, and on every 5xx the request's `id`, which is also in the log
 * line. Unexpected failures are logged (without SQL or request data) and
 * answered with a plain 500; no stack trace ever leaves the server.
 */
export function apiErrorHandler(logger: Logger, health?: DbHealth): ErrorRequestHandler {
  return (error, req, res, _next) => {
    const answer = errorResponse(error, requestLanguage(req));
    const id = String(req.id ?? '');
    if (answer.fault) health?.noteFault(answer.fault);
    if (!answer.expected) {
      logger.error(
        { err: error, id, url: loggedUrl(req.originalUrl), fault: answer.fault },
        'API error',
      );
    }
    if (res.headersSent) return res.end();
    if (answer.retryAfter !== undefined) res.set('Retry-After', String(answer.retryAfter));
    res
      .status(answer.status)
      .set('Cache-Control', 'no-store')
      .json({
        error: answer.error,
        ...(answer.details && { details: answer.details }),
        ...(answer.code && { code: answer.code }),
        ...(answer.current !== undefined && { current: answer.current }),
        ...(answer.status >= 500 && { id }),
      });
  };
}
