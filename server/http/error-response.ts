import type { Language } from '#shared/languages';
import { dbFault, type DbFault } from '../db/db-errors';
import { AppError, ServiceUnavailableError } from '../errors';
import { translator } from '../i18n';

type HttpishError = { status?: number; statusCode?: number; type?: string; limit?: unknown };

/** A body parser's limit in bytes as a message shows it: `100 kB`. */
const kilobytes = (bytes: number) => `${Math.round(bytes / 1024)} kB`;

/** What each database fault tells the visitor, and when to try again (seconds). */
const FAULT_ERRORS: Record<DbFault, () => AppError> = {
  busy: () => new ServiceUnavailableError('apiErrors.databaseBusy', 5),
  unavailable: () => new ServiceUnavailableError('apiErrors.databaseUnavailable', 5),
  full: () => new ServiceUnavailableError('apiErrors.storageFull', 60),
  readonly: () => new ServiceUnavailableError('apiErrors.writeUnavailable', 60),
  io: () => new ServiceUnavailableError('apiErrors.writeUnavailable', 60),
};

/** What body-parser, the database and friends throw, as our typed errors; null for anything unexpected. */
export function toAppError(error: unknown): AppError | null {
  if (error instanceof AppError) return error;
  const fault = dbFault(error);
  if (fault) return FAULT_ERRORS[fault]();
  const e = (error ?? {}) as HttpishError;
  if (e.type === 'entity.parse.failed') return new AppError(400, 'apiErrors.malformedJson');
  if (e.type === 'entity.too.large') {
    // The limit of the parser that refused it: the API's JSON and the contact form's differ.
    const limit = typeof e.limit === 'number' ? kilobytes(e.limit) : '?';
    return new AppError(413, 'apiErrors.tooLarge').with({ limit });
  }
  if (e.type === 'charset.unsupported' || e.type === 'encoding.unsupported') {
    return new AppError(415, 'apiErrors.unsupportedMediaType');
  }
  const status = e.status ?? e.statusCode;
  if (status && status >= 400 && status < 500) return new AppError(status, 'apiErrors.badRequest');
  return null;
}

export type ErrorResponse = {
  status: number;
  /** The message in the request's language. */
  error: string;
  /** Per field, the message in the request's language (validation failures). */
  details?: Record<string, string>;
  /** Seconds to wait before trying again (`Retry-After`), when known. */
  retryAfter?: number;
  /** Why, for the client to act on (AppError's `code`): `account_closed`. */
  code?: string;
  /** The state the refusal is about, as it is now (AppError's `current`). */
  current?: unknown;
  /** The database fault behind a 503, if that is what it was. */
  fault?: DbFault;
  /** False for a failure an operator should see in the logs (a bug, a database fault). */
  expected: boolean;
};

/**
 * The one mapping from a thrown error to what the visitor reads: the typed
 * error's status and its catalogue keys translated, a 503 that says what to
 * do when the database is busy, full or read-only, or a plain 500 that says
 * nothing about the cause. The JSON API and the contact form both use it.
 */
export function errorResponse(error: unknown, language: Language): ErrorResponse {
  const known = toAppError(error);
  const t = translator(language);
  if (!known) return { status: 500, error: t('apiErrors.internal'), expected: false };
  const details = known.details
    ? Object.fromEntries(
        Object.entries(known.details).map(([k, v]) => [
          k,
          t(v, known.detailParams?.[k] ?? known.params),
        ]),
      )
    : undefined;
  const fault = error instanceof AppError ? undefined : (dbFault(error) ?? undefined);
  return {
    status: known.status,
    error: t(known.message, known.params),
    ...(details && { details }),
    ...(known.retryAfter !== undefined && { retryAfter: known.retryAfter }),
    ...(known.code !== undefined && { code: known.code }),
    ...(known.current !== undefined && { current: known.current }),
    ...(fault && { fault }),
    expected: !fault,
  };
}
