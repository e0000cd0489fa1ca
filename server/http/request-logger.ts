import { randomBytes } from 'node:crypto';
import type { IncomingHttpHeaders, ServerResponse } from 'node:http';
import { pinoHttp } from 'pino-http';
import { safeError, type Logger } from '../logger';

type SerializedRequest = {
  id?: unknown;
  method?: string;
  url?: string;
  remoteAddress?: string;
  headers?: IncomingHttpHeaders;
};

/**
 * 5xx are errors; refusals that can point at abuse (403, 429) are warnings;
 * other client errors are routine (the admin's profile check answering 401
 * before sign-in, a 404 for a mistyped address) and logged as info.
 */
export function levelOf(status: number, err?: Error): 'error' | 'warn' | 'info' {
  if (err || status >= 500) return 'error';
  if (status === 403 || status === 429) return 'warn';
  return 'info';
}

/**
 * The address as logged: a share link's token (`/preview/<token>`,
 * `/api/previews/<token>`) opens a draft to whoever holds it, so it is
 * replaced by `[token]`.
 */
export function loggedUrl(url: string | undefined): string | undefined {
  return url?.replace(/(\/previews?\/)[A-Za-z0-9_-]{16,}/g, '$1[token]');
}

/**
 * One structured line per request: id, method, path, status, time. Cookies,
 * authorization headers, bodies and share-link tokens are never logged. Each
 * request gets a random id, sent back as `X-Request-Id`; a 5xx answer carries
 * the same id so an operator finds its log line.
 */
export function requestLogger(logger: Logger) {
  return pinoHttp({
    logger,
    genReqId: (_req, res) => {
      const id = randomBytes(8).toString('hex');
      res.setHeader('X-Request-Id', id);
      return id;
    },
    quietReqLogger: true,
    autoLogging: { ignore: (req) => req.url === '/healthz' },
    customLogLevel: (_req, res, err) => levelOf(res.statusCode, err),
    serializers: {
      // pino-http hands in its standard view of the request; pick the harmless parts.
      req: (req: SerializedRequest) => ({
        id: req.id,
        method: req.method,
        url: loggedUrl(req.url),
        remoteAddress: req.remoteAddress,
        userAgent: req.headers?.['user-agent'],
      }),
      res: (res: ServerResponse) => ({ statusCode: res.statusCode }),
      err: safeError,
    },
  });
}
