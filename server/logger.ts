import pino from 'pino';
import type { Config } from './config';
import { dbFault, describeDbError } from './db/db-errors';

export type Logger = pino.Logger;

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
 * The structured logger of the server (JSON lines on stdout). Secrets and
 * personal data never reach it: request logging leaves out cookies,
 * authorization headers and bodies, and errors go through `safeError`.
 */
export function createLogger(
  config: Pick<Config, 'logLevel'>,
  destination?: pino.DestinationStream,
): Logger {
  return pino(
    {
      level: config.logLevel,
      base: { service: 'site' },
      timestamp: pino.stdTimeFunctions.isoTime,
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
    destination ?? pino.destination({ dest: 1, sync: true }),
  );
}

/**
 * Where the running server writes its log: stdout, in blocks of up to 4 kB
 * written off the request path, and at least once a second, so a busy server
 * does not pay one blocking write per request. Flushed on a clean exit; a
 * killed process may lose its last second of lines.
 */
export function bufferedStdout(): pino.DestinationStream & { flush(): void; flushSync(): void } {
  const destination = pino.destination({ dest: 1, sync: false, minLength: 4096 });
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

/**
 * The logger of request lines. They hold only the fields the request
 * serializers pick (method, path, status, time, address, user agent; never
 * headers, cookies or bodies), so they skip the redaction pass, which costs
 * more than the rest of a line on a cached page.
 */
export function accessLogger(logger: Logger): Logger {
  return logger.child({}, { redact: { paths: [] } });
}
