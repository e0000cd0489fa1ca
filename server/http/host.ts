import type { RequestHandler } from 'express';
import { BadRequestError } from '../errors';

/** A host name (letters, digits, dots, hyphens, underscores) or a bracketed IPv6 address, and a port. */
const HOST = /^(?:\[[0-9A-Fa-f:.]{2,45}\]|[A-Za-z0-9._-]{1,253})(?::(\d{1,5}))?$/;

/**
 * True when a `Host` header is present but names no host (`a b`, `%`,
 * `user@x`, a port above 65535): pages build their links from it, and
 * nothing sensible can be answered to it. A missing or empty Host (HTTP/1.0,
 * health checkers) is not malformed: Node lets those through, and
 * PUBLIC_URL or `localhost` stands in for it.
 */
export function isMalformedHost(host: string | undefined): boolean {
  if (host === undefined || host === '') return false;
  const match = HOST.exec(host);
  return match === null || (match[1] !== undefined && Number(match[1]) > 65_535);
}

/** Answers a malformed Host 400 (a client's mistake, not logged as an error), before anything reads it. */
export function rejectMalformedHost(): RequestHandler {
  return (req, _res, next) => {
    next(isMalformedHost(req.headers.host) ? new BadRequestError('apiErrors.badHost') : undefined);
  };
}
