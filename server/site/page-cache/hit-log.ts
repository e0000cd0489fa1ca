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
  let count = 0;
  let scheduled = false;
  const ids: number[] = [];
  const methods: (string | undefined)[] = [];
  const urls: (string | undefined)[] = [];
  const addresses: (string | undefined)[] = [];
  const agents: (string | undefined)[] = [];
  const statuses: number[] = [];
  const took: number[] = [];

  function flush(): void {
    scheduled = false;
    for (let i = 0; i < count; i++) {
      writeLine(
        logger,
        ids[i]!,
        methods[i],
        urls[i],
        addresses[i],
        agents[i],
        statuses[i]!,
        took[i]!,
      );
      // Nothing a batch held (a long user agent) outlives it.
      urls[i] = agents[i] = undefined;
    }
    count = 0;
  }

  return {
    record(req, status, started) {
      if (!logger.isLevelEnabled('info')) return;
      const i = count++;
      ids[i] = ++hits;
      methods[i] = req.method;
      urls[i] = req.url;
      addresses[i] = req.socket.remoteAddress;
      agents[i] = req.headers['user-agent'];
      statuses[i] = status;
      took[i] = performance.now() - started;
      if (count >= MAX_BATCH) flush();
      else if (!scheduled) {
        scheduled = true;
        setImmediate(flush);
      }
    },
  };
}

/** One request line, as the request logger writes it. */
function writeLine(
  logger: Logger,
  id: number,
  method: string | undefined,
  url: string | undefined,
  remoteAddress: string | undefined,
  userAgent: string | undefined,
  statusCode: number,
  responseTime: number,
): void {
  const reqId = `"cache-${id}"`;
  const request =
    `{"id":${reqId}` +
    member('method', method) +
    member('url', url) +
    member('remoteAddress', remoteAddress) +
    member('userAgent', userAgent) +
    '}';
  writeInfoLine(
    logger,
    `"reqId":${reqId},"req":${request},"res":{"statusCode":${statusCode}},` +
      `"responseTime":${responseTime},"cache":"hit"`,
    'request completed',
  );
}

/** `,"name":value` as JSON, or nothing for a value that is not there (as pino leaves it out). */
const member = (name: string, value: string | undefined) =>
  value === undefined ? '' : `,"${name}":${JSON.stringify(value)}`;
