import type { Language } from '#shared/languages';
import { AppError } from '../errors';
import { translator } from '../i18n';

type HttpishError = { status?: number; statusCode?: number; type?: string };

/** What body-parser and friends throw, as our typed errors; null for anything unexpected. */
export function toAppError(error: unknown): AppError | null {
  if (error instanceof AppError) return error;
  const e = (error ?? {}) as HttpishError;
  if (e.type === 'entity.parse.failed') return new AppError(400, 'apiErrors.malformedJson');
  if (e.type === 'entity.too.large') return new AppError(413, 'apiErrors.tooLarge');
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
  /** False for a failure nobody expected (a bug, a lost database): log it. */
  expected: boolean;
};

/**
 * The one mapping from a thrown error to what the visitor reads: the typed
 * error's status and its catalogue keys translated, or a plain 500 that says
 * nothing about the cause. The JSON API and the contact form both use it.
 */
export function errorResponse(error: unknown, language: Language): ErrorResponse {
  const known = toAppError(error);
  const t = translator(language);
  if (!known) return { status: 500, error: t('apiErrors.internal'), expected: false };
  const details = known.details
    ? Object.fromEntries(Object.entries(known.details).map(([k, v]) => [k, t(v, known.params)]))
    : undefined;
  return {
    status: known.status,
    error: t(known.message, known.params),
    ...(details && { details }),
    expected: true,
  };
}
