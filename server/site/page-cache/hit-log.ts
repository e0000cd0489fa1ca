import { writeInfoLine, type Logger } from '../../logger';

/** What a hit's request line reads of its request, from Node's parser or the socket lane's. */
export type LoggedRequest = {
  method?: string;
  url?: string;
  socket: { remoteAddress?: string };
  headers: { 'user-agent'?: string };
};

/** A batch is written at once when it reaches this many lines (a burst within one turn of the event loop). */
const MAX_BATCH = 256;

export type HitLog = {
  /** Notes the request line of a hit answered with `status`, begun at `started` (performance.now()). */
  record(req: LoggedRequest, status: number, started: number): void;
};

/**
 * The request lines of cache hits, the same lines the request logger writes
 * for a rendered page (plus `"cache":"hit"`).
 *
 * A hit only notes what its line is made of; the lines are made and handed
 * to the log together, right after the event loop's current round of I/O
 * (setImmediate), or when MAX_BATCH wait. Made one at a time, between the
 * socket reads and writes of each request, the line was a quarter of a
 * cached page's cost under load (pino's internals, JSON escaping and string
 * building, run cold each time; docs/performance.md); made in a batch they
 * run hot. Each line's `time` is when its batch is written, within the same
 * turn of the event loop as the answer.
 */
export function createHitLog(logger: Logger): HitLog {
  let hits = 0;
  let batch: Hit[] = [];

  function flush(): void {
    const written = batch;
    batch = [];
    for (const hit of written) writeLine(logger, hit);
  }

  return {
    record(req, status, started) {
      if (!logger.isLevelEnabled('info')) return;
      const size = batch.push({
        id: ++hits,
        method: req.method,
        url: req.url,
        remoteAddress: req.socket.remoteAddress,
        userAgent: req.headers['user-agent'],
        status,
        responseTime: performance.now() - started,
      });
      if (size >= MAX_BATCH) flush();
      else if (size === 1) setImmediate(flush);
    },
  };
}

/** What one hit's request line says. */
type Hit = {
  id: number;
  method: string | undefined;
  url: string | undefined;
  remoteAddress: string | undefined;
  userAgent: string | undefined;
  status: number;
  responseTime: number;
};

/** One request line, as the request logger writes it. */
function writeLine(logger: Logger, hit: Hit): void {
  const reqId = `"cache-${hit.id}"`;
  const request =
    `{"id":${reqId}` +
    member('method', hit.method) +
    member('url', hit.url) +
    member('remoteAddress', hit.remoteAddress) +
    member('userAgent', hit.userAgent) +
    '}';
  writeInfoLine(
    logger,
    `"reqId":${reqId},"req":${request},"res":{"statusCode":${hit.status}},` +
      `"responseTime":${hit.responseTime},"cache":"hit"`,
    'request completed',
  );
}

/** `,"name":value` as JSON, or nothing for a value that is not there (as pino leaves it out). */
const member = (name: string, value: string | undefined) =>
  value === undefined ? '' : `,"${name}":${JSON.stringify(value)}`;
