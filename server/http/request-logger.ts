import type { RequestHandler } from 'express';
import type { RequestLog } from './request-log';

/**
 * The request line of everything Express answers (the page cache writes its
 * hits' own): one per request once its answer is done, or its connection
 * gone. Each request gets an id, sent back as `X-Request-Id`; a 5xx answer
 * carries the same id so an operator finds its log line. `/healthz`, asked
 * every few seconds by load balancers, is not logged.
 */
export function requestLogger(log: RequestLog): RequestHandler {
  return (req, res, next) => {
    const started = performance.now();
    req.arrived = Date.now();
    const id = log.nextId();
    req.id = id;
    res.setHeader('X-Request-Id', id);
    if (req.url !== '/healthz') {
      // Read now: routers rewrite `url` on the way, and a closed socket forgets its address.
      const seen = {
        method: req.method,
        url: req.url,
        socket: { remoteAddress: req.socket.remoteAddress },
        headers: {
          'user-agent': req.headers['user-agent'],
          // The client's address behind a trusted proxy (the request log reads it as req.ip does).
          'x-forwarded-for': req.headers['x-forwarded-for'],
        },
      };
      res.once('close', () => log.answered(seen, res.statusCode, started, id));
    }
    next();
  };
}
