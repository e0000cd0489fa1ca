import { randomBytes } from 'node:crypto';
import { writeInfoLine, type Logger } from '../logger';

/** What a request line reads of its request, from Node's parser or the socket lane's. */
export type LoggedRequest = {
  method?: string;
  url?: string;
  socket: { remoteAddress?: string };
  headers: { 'user-agent'?: string; 'x-forwarded-for'?: string | string[] };
};

/** The client's address of a request: behind a trusted proxy, the one it names (req.ip). */
export type ClientAddress = (req: LoggedRequest) => string | undefined;

/** A batch is written at once when it reaches this many lines (a burst within one turn of the event loop). */
const MAX_BATCH = 256;

/**
 * 5xx are errors; refusals that can point at abuse (403, 429) are warnings;
 * other client errors are routine (the admin's profile check answering 401
 * before sign-in, a 404 for a mistyped address) and logged as info.
 */
export function levelOf(status: number): 'error' | 'warn' | 'info' {
  if (status >= 500) return 'error';
  if (status === 403 || status === 429) return 'warn';
  return 'info';
}

/**
 * The address as logged: a share link's token (`/preview/<token>`,
 * `/api/previews/<token>`) opens a draft to whoever holds it, so it is
 * replaced by `[token]`, however the address is spelt (`/PREVIEW/…`
 * answers 404, but the token in it is still the real one). A search
 * (`q=`) is replaced by `[search]`: staff search enquiries by a visitor's
 * name or e-mail address, which the log must not keep. The login page's
 * `next=` carries the admin address it leads back to, URL-encoded
 * (`/login?next=%2Fadmin%2Fcontacts%3Fq%3D…`): it is decoded and masked the
 * same way, and one that cannot be decoded is replaced by `[next]`.
 */
export function loggedUrl(url: string | undefined): string | undefined {
  if (url === undefined) return url;
  // Most addresses name no share link and no search: looking is cheaper than replacing.
  let logged = SHARE_LINK.test(url) ? url.replace(SHARE_LINKS, '$1[token]') : url;
  if (logged.includes('q=')) logged = logged.replace(SEARCHES, '$1[search]');
  if (logged.includes('next=')) {
    logged = logged.replace(NEXTS, (_, key: string, next: string) => key + loggedNext(next));
  }
  return logged;
}
const SHARE_LINK = /\/previews?\/[A-Za-z0-9_-]{16}/i;
const SHARE_LINKS = /(\/previews?\/)[A-Za-z0-9_-]{16,}/gi;
const SEARCHES = /([?&]q=)[^&#]*/g;
const NEXTS = /([?&]next=)([^&#]*)/g;

/** A `next=` value (a form-encoded address) as logged: as sent unless masking changes it. */
function loggedNext(next: string): string {
  let address: string;
  try {
    address = decodeURIComponent(next.replaceAll('+', ' '));
  } catch {
    return '[next]';
  }
  const logged = loggedUrl(address)!;
  if (logged === address) return next;
  // Encoded again, the masks kept readable.
  return encodeURIComponent(logged).replace(/%5B(token|search|next)%5D/g, '[$1]');
}

export type RequestLog = {
  /**
   * A request id for a request Express answers: random per process, then
   * counted, so ids stay apart across restarts and instances without a
   * random draw per request.
   */
  nextId(): string;
  /**
   * Notes the request line of a page the cache answered with `status`,
   * begun at `started` (performance.now()); it is numbered `cache-N`.
   */
  hit(req: LoggedRequest, status: number, started: number): void;
  /** Notes the request line of a request Express answered, under its id (`nextId`). */
  answered(req: LoggedRequest, status: number, started: number, id: string): void;
};

/**
 * The request lines of the whole server, one per answered request: id,
 * method, path, status, time, the client's address (as Express's `req.ip`
 * reads it under TRUST_PROXY, for the cache's hits too) and user agent. Cookies,
 * authorization headers, bodies and share-link tokens are never logged.
 *
 * A request only notes what its line is made of; the lines are made and
 * handed to the log together, right after the event loop's current round
 * of I/O (setImmediate), or when MAX_BATCH wait. Made one at a time,
 * between the socket reads and writes of each request, a line was a quarter
 * of a cached page's cost under load and pino-http's child loggers a tenth
 * of an enquiry's (decisions 019 and 024); made in a batch they run hot.
 * Each line's `time` is when its batch is written, within the same turn of
 * the event loop as the answer. Warnings and errors are rare and go out
 * through pino at once.
 */
export function createRequestLog(
  logger: Logger,
  /** By default the connection's own; the app passes TRUST_PROXY's reading (PublicOrigin). */
  clientAddress: ClientAddress = (req) => req.socket.remoteAddress,
): RequestLog {
  const prefix = randomBytes(4).toString('hex');
  let answered = 0;
  let hits = 0;
  let batch: Line[] = [];

  function flush(): void {
    const written = batch;
    batch = [];
    for (const line of written) writeInfoLine(logger, members(line), 'request completed');
  }

  return {
    nextId: () => `${prefix}${(++answered).toString(16).padStart(8, '0')}`,
    hit(req, status, started) {
      if (!logger.isLevelEnabled(levelOf(status))) return;
      note(
        lineOf(req, status, started, clientAddress, {
          id: `cache-${++hits}`,
          url: loggedUrl(req.url),
          cache: true,
        }),
      );
    },
    answered(req, status, started, id) {
      if (!logger.isLevelEnabled(levelOf(status))) return;
      note(
        lineOf(req, status, started, clientAddress, {
          id,
          url: loggedUrl(req.url),
          cache: false,
        }),
      );
    },
  };

  function note(line: Line): void {
    const level = levelOf(line.status);
    if (level !== 'info') {
      writeAtOnce(logger, level, line);
      return;
    }
    const size = batch.push(line);
    if (size >= MAX_BATCH) flush();
    else if (size === 1) setImmediate(flush);
  }
}

/** A request's line: what it reads of the request, and how the caller names it. */
function lineOf(
  req: LoggedRequest,
  status: number,
  started: number,
  clientAddress: ClientAddress,
  named: Pick<Line, 'id' | 'url' | 'cache'>,
): Line {
  return {
    id: named.id,
    cache: named.cache,
    method: req.method,
    url: named.url,
    remoteAddress: clientAddress(req),
    userAgent: req.headers['user-agent'],
    status,
    responseTime: Math.round((performance.now() - started) * 1000),
  };
}

/** What one request line says. */
type Line = {
  id: string;
  /** Answered from the page cache. */
  cache: boolean;
  method: string | undefined;
  url: string | undefined;
  remoteAddress: string | undefined;
  userAgent: string | undefined;
  status: number;
  /** In whole microseconds. */
  responseTime: number;
};

/** The line's own members, as JSON: `"reqId":…,"req":{…},"res":{…},"responseTime":…`. */
function members(line: Line): string {
  const reqId = JSON.stringify(line.id);
  const request =
    `{"id":${reqId}` +
    member('method', line.method) +
    member('url', line.url) +
    member('remoteAddress', line.remoteAddress) +
    member('userAgent', line.userAgent) +
    '}';
  return (
    `"reqId":${reqId},"req":${request},"res":{"statusCode":${line.status}},` +
    `"responseTime":${milliseconds(line.responseTime)}${line.cache ? ',"cache":"hit"' : ''}`
  );
}

/**
 * Whole microseconds as milliseconds in JSON (`0.045`, `12.5`): the
 * request's time to a microsecond, written from integers, where writing the
 * measured fraction as a number (17 digits) cost a tenth of a line.
 */
export function milliseconds(microseconds: number): string {
  const fraction = microseconds % 1000;
  const whole = (microseconds - fraction) / 1000;
  if (fraction === 0) return String(whole);
  if (fraction % 100 === 0) return `${whole}.${fraction / 100}`;
  if (fraction % 10 === 0) return `${whole}.${fraction < 100 ? '0' : ''}${fraction / 10}`;
  return `${whole}.${fraction < 10 ? '00' : fraction < 100 ? '0' : ''}${fraction}`;
}

/** `,"name":value` as JSON, or nothing for a value that is not there (as pino leaves it out). */
const member = (name: string, value: string | undefined) =>
  value === undefined ? '' : `,"${name}":${JSON.stringify(value)}`;

/** A warning or an error, through pino as it comes; a 5xx says so, for alerts that look for `err`. */
function writeAtOnce(logger: Logger, level: 'warn' | 'error', line: Line): void {
  const fields = JSON.parse(`{${members(line)}}`) as Record<string, unknown>;
  if (level === 'error') {
    fields.err = new Error(`failed with status code ${line.status}`);
    logger.error(fields, 'request errored');
  } else logger.warn(fields, 'request completed');
}
