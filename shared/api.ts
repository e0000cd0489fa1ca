/** The JSON envelope every `/api` call answers with. */
export type ApiSuccess<T> = { data: T };
/**
 * `code`: why, for a client to act on (`ACCOUNT_CLOSED`), beside the message
 * to show; `current`: what the refusal is about as it is now (a 409's
 * colleague's version), as data.
 */
export type ApiFailure = {
  error: string;
  details?: Record<string, string>;
  code?: string;
  current?: unknown;
};
export type ApiBody<T> = ApiSuccess<T> | ApiFailure;

/** Base path of the JSON API, relative so the admin runs behind any proxy. */
export const API_BASE = '/api';
