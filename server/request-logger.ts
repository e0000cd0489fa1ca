import type { IncomingHttpHeaders, ServerResponse } from 'node:http';
import { pinoHttp } from 'pino-http';
import type { Logger } from './logger';

type SerializedRequest = {
  id?: unknown;
  method?: string;
  url?: string;
  remoteAddress?: string;
  headers?: IncomingHttpHeaders;
};

/**
 * One structured line per request: method, path, status, time. Cookies,
 * authorization headers and bodies are never logged.
 */
export function requestLogger(logger: Logger) {
  return pinoHttp({
    logger,
    quietReqLogger: true,
    autoLogging: { ignore: (req) => req.url === '/healthz' },
    customLogLevel: (_req, res, err) =>
      err || res.statusCode >= 500 ? 'error' : res.statusCode >= 400 ? 'warn' : 'info',
    serializers: {
      // pino-http hands in its standard view of the request; pick the harmless parts.
      req: (req: SerializedRequest) => ({
        id: req.id,
        method: req.method,
        url: req.url,
        remoteAddress: req.remoteAddress,
        userAgent: req.headers?.['user-agent'],
      }),
      res: (res: ServerResponse) => ({ statusCode: res.statusCode }),
    },
  });
}
