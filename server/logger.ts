import pino from 'pino';
import type { Config } from './config';

export type Logger = pino.Logger;

/**
 * The structured logger of the server (JSON lines on stdout). Secrets never
 * reach it: request logging leaves out cookies, authorization headers and bodies.
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
