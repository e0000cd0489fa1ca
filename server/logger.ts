import pino from 'pino';
import type { Config } from './config';
import { dbFault, describeDbError } from './db/db-errors';
import { createLogDestination, type LogDestination } from './log-destination';

export type Logger = pino.Logger;

const SERVICE = 'site';

const SQL_IN_TEXT = /\b(insert into|update \S+ set|delete from|select .+ from)\b/i;

/**
 * How an error is logged. Database errors give their code and kind only:
 * knex writes the SQL with its bound values (a visitor's name, e-mail,
 * message) into `message` and the stack's first line. Other errors keep
 * their type, message and stack, unless the message carries a statement.
 */
export function safeError(error: unknown): Record<string, unknown> {
  if (!(error instanceof Error)) return { type: typeof error, value: String(error).slice(0, 200) };
  const code = (error as { code?: unknown }).code;
  const looksLikeSql = SQL_IN_TEXT.test(error.message) || 'sql' in error;
  if (dbFault(error) || looksLikeSql || (typeof code === 'string' && code.startsWith('SQLITE_'))) {
    return { type: error.name, ...describeDbError(error) };
  }
  return {
    type: error.name,
    message: error.message.slice(0, 500),
    ...(typeof code === 'string' && { code }),
    stack: error.stack?.split('\n').slice(1).join('\n'),
  };
}

/**
 * pino's ISO timestamp, made once per millisecond: a busy server writes
 * many lines in one, and formatting a date is a third of the cost of a
 * request line.
 */
function isoTime(): string {
  const now = Date.now();
  if (now !== lastStamp.ms)
    lastStamp = { ms: now, text: `,"time":"${new Date(now).toISOString()}"` };
  return lastStamp.text;
}
let lastStamp = { ms: Number.NaN, text: '' };

/**
 * The structured logger of the server (JSON lines on stdout). Secrets and
 * personal data never reach it: request logging leaves out cookies,
 * authorization headers and bodies, and errors go through `safeError`.
 */
export function createLogger(
  config: Pick<Config, 'logLevel'>,
  destination?: pino.DestinationStream,
): Logger {
  const stream = destination ?? pino.destination({ dest: 1, sync: true });
  const logger = pino(
    {
      level: config.logLevel,
      base: { service: SERVICE },
      timestamp: isoTime,
      serializers: { err: safeError },
      redact: {
        paths: [
          'password',
          '*.password',
          'current_password',
          '*.current_password',
          'req.headers.cookie',
          'req.headers.authorization',
          'res.headers["set-cookie"]',
        ],
        censor: '[redacted]',
      },
    },
    stream,
  );
  if (!routesByLevel(stream)) plainStreams.set(logger, stream);
  return logger;
}

/**
 * Where the running server writes its log: stdout, in blocks of 64 kB written
 * off the request path (server/log-destination.ts), and at least once a
 * second, so a busy server does not pay one blocking write per request.
 * Drained by a clean stop and flushed on any exit; a killed process may lose
 * its last second of lines.
 */
export function bufferedStdout(): LogDestination {
  const destination = createLogDestination({
    fd: 1,
    droppedLine: droppedLinesWarning,
  });
  setInterval(() => destination.flush(), 1000).unref();
  process.on('exit', () => {
    try {
      destination.flushSync();
    } catch {
      // Nothing more can be done while exiting.
    }
  });
  return destination;
}

/** The warning that lines were dropped, in the logger's own format (the destination writes it itself). */
export function droppedLinesWarning(count: number): string {
  const line = {
    level: 40,
    time: new Date().toISOString(),
    service: SERVICE,
    dropped: count,
    msg: 'log lines dropped: stdout did not keep up',
  };
  return `${JSON.stringify(line)}\n`;
}

/**
 * Where the loggers made here write (a child made by accessLogger shares its
 * parent's), for writeInfoLine. A stream that routes by level
 * (pino.multistream) is left out: it reads what pino's own write tells it.
 */
const plainStreams = new WeakMap<Logger, pino.DestinationStream>();
/** Each logger's line start (`{"level":30,"time":…` comes after its level), made once. */
const bindingsText = new WeakMap<Logger, string>();

/** True for pino.multistream's result (its documented `add` and `streams`). */
const routesByLevel = (stream: pino.DestinationStream) =>
  'streams' in stream && typeof (stream as { add?: unknown }).add === 'function';

/**
 * Writes one `info` line exactly as `logger.info(fields, msg)` would, from
 * `fields` already written as JSON members (`"req":{…},"res":{…}`): same
 * level, time, bindings, order and destination, made from pino's public
 * parts (`levels`, `bindings()`) and the destination createLogger was
 * given. For the request line of a cached page, the server's hottest path,
 * where pino's walk over a fresh object costs more than the rest of the
 * answer (decision 019). A logger this module did not make (any other
 * child) goes through `logger.info`. The caller escapes every string it
 * puts in `fields` (JSON.stringify).
 */
export function writeInfoLine(logger: Logger, fields: string, msg: string): void {
  if (!logger.isLevelEnabled('info')) return;
  const stream = plainStreams.get(logger);
  if (stream === undefined) {
    logger.info(JSON.parse(`{${fields}}`) as object, msg);
    return;
  }
  let bindings = bindingsText.get(logger);
  if (bindings === undefined) {
    const own = JSON.stringify(logger.bindings()).slice(1, -1);
    bindings = own === '' ? '' : `,${own}`;
    bindingsText.set(logger, bindings);
  }
  stream.write(
    `{"level":${logger.levels.values.info}${isoTime()}${bindings},${fields},"msg":${JSON.stringify(msg)}}\n`,
  );
}

/**
 * The logger of request lines. They hold only the fields the request
 * serializers pick (method, path, status, time, address, user agent; never
 * headers, cookies or bodies), so they skip the redaction pass, which costs
 * more than the rest of a line on a cached page.
 */
export function accessLogger(logger: Logger): Logger {
  const access = logger.child({}, { redact: { paths: [] } });
  const stream = plainStreams.get(logger);
  if (stream !== undefined) plainStreams.set(access, stream);
  return access;
}
