/**
 * Typed errors that services throw and the one JSON error handler maps to
 * HTTP. `message` and the values of `details` may be translation keys (for
 * example `validation.name.required`); the handler translates them into the
 * request's language and leaves plain text as it is.
 */
export class AppError extends Error {
  override name = 'AppError';
  /** Values of the `{{placeholders}}` in `message` and `details` (an article's title, a limit). */
  params?: Record<string, string | number>;
  /** Placeholder values of one field's message in `details`, where they differ from `params`. */
  detailParams?: Record<string, Record<string, string | number>>;
  constructor(
    readonly status: number,
    message: string,
    readonly details?: Record<string, string>,
    /** Seconds the client should wait before trying again (sent as `Retry-After`). */
    readonly retryAfter?: number,
  ) {
    super(message);
  }

  /** Why, for a client to act on, beside the message (`code` of the answer): `account_closed`. */
  code?: string;

  /** The same error with a reason code for the client (`code`). */
  withCode(code: string): this {
    this.code = code;
    return this;
  }

  /** The same error with placeholder values for its texts. */
  with(params: Record<string, string | number>): this {
    this.params = params;
    return this;
  }

  /** The same error with placeholder values for the messages of some fields of `details`. */
  withDetailParams(params: Record<string, Record<string, string | number>>): this {
    this.detailParams = params;
    return this;
  }

  /**
   * What the refusal is about as it stands now, sent as the answer's
   * `current` for the client to show (a 409's colleague's texts): data, not
   * translated.
   */
  current?: unknown;

  /** The same error with the state it is about (`current` of the answer). */
  withCurrent(current: unknown): this {
    this.current = current;
    return this;
  }
}

export class BadRequestError extends AppError {
  override name = 'BadRequestError';
  constructor(message = 'apiErrors.badRequest', details?: Record<string, string>) {
    super(400, message, details);
  }
}

export class UnauthorizedError extends AppError {
  override name = 'UnauthorizedError';
  constructor(message = 'apiErrors.authRequired') {
    super(401, message);
  }
}

export class ForbiddenError extends AppError {
  override name = 'ForbiddenError';
  constructor(message = 'apiErrors.adminRequired') {
    super(403, message);
  }
}

export class NotFoundError extends AppError {
  override name = 'NotFoundError';
  constructor(message = 'apiErrors.notFound') {
    super(404, message);
  }
}

export class ConflictError extends AppError {
  override name = 'ConflictError';
  constructor(message = 'apiErrors.conflict', details?: Record<string, string>) {
    super(409, message, details);
  }
}

export class TooManyRequestsError extends AppError {
  override name = 'TooManyRequestsError';
  constructor(message = 'apiErrors.tooManyRequests', retryAfter?: number) {
    super(429, message, undefined, retryAfter);
  }
}

export class BadGatewayError extends AppError {
  override name = 'BadGatewayError';
  constructor(message = 'apiErrors.badGateway') {
    super(502, message);
  }
}

export class GatewayTimeoutError extends AppError {
  override name = 'GatewayTimeoutError';
  constructor(message = 'apiErrors.gatewayTimeout') {
    super(504, message);
  }
}

export class ServiceUnavailableError extends AppError {
  override name = 'ServiceUnavailableError';
  constructor(message = 'apiErrors.unavailable', retryAfter?: number) {
    super(503, message, undefined, retryAfter);
  }
}
