import pino from 'pino';
import type { Config } from './config';

export type Logger = pino.Logger;

/**
 * The structured logger of the server (JSON lines on stdout). Secrets never
 * reach it: request logging leaves out cookies, authorization headers and bodies.
 */
export function createLogger(config: Pick<Config, 'logLevel'>): Logger {
  return pino({
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
  });
}
