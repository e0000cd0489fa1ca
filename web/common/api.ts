import { API_BASE, type ApiBody } from '#shared/api';
import type { Translate } from '#shared/languages';

/**
 * The one fetch wrapper of the web (site, admin and desktop renderer).
 * Relative `/api` paths, JSON in and out, cookies always sent. Failures become
 * an `ApiError` whose `message` is what the user should read: the server's own
 * error text when it sent one, else a translated client-side text (`key`).
 */
export class ApiError extends Error {
  override name = 'ApiError';
  constructor(
    message: string,
    readonly status: number,
    /** Translation key for client-side failures (network, CORS, bare HTTP status). */
    readonly key?: string,
    readonly params?: Record<string, string | number>,
    readonly details?: Record<string, string>,
  ) {
    super(message);
  }
}

/** The text to show for any failure, in the current language. */
export function errorMessage(error: unknown, t: Translate, fallbackKey?: string): string {
  if (error instanceof ApiError) return error.key ? t(error.key, error.params) : error.message;
  if (error instanceof Error && error.message) return error.message;
  return t(fallbackKey ?? 'errors.networkShort');
}

type Options = {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  body?: unknown;
  query?: Record<string, string | number | boolean | undefined>;
  signal?: AbortSignal;
};

export async function api<T>(path: string, options: Options = {}): Promise<T> {
  const query = new URLSearchParams();
  for (const [k, v] of Object.entries(options.query ?? {}))
    if (v !== undefined) query.set(k, String(v));
  const url = `${API_BASE}${path}${query.size ? `?${query}` : ''}`;

  let response: Response;
  // A file goes as multipart/form-data, which the browser labels with its boundary itself.
  const form = typeof FormData !== 'undefined' && options.body instanceof FormData;
  try {
    response = await fetch(url, {
      method: options.method ?? 'GET',
      credentials: 'include',
      headers: form
        ? { Accept: 'application/json' }
        : { 'Content-Type': 'application/json', Accept: 'application/json' },
      body: form ? (options.body as FormData) : JSON.stringify(options.body),
      signal: options.signal,
    });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    if (error instanceof TypeError) throw new ApiError('Network error', 0, 'errors.network');
    throw new ApiError(
      error instanceof Error && error.message ? error.message : 'Network error',
      0,
      error instanceof Error && error.message ? undefined : 'errors.networkShort',
    );
  }

  if (response.type === 'opaque' || response.status === 0) {
    throw new ApiError('CORS error', 0, 'errors.cors');
  }

  const body = (await response.json().catch(() => null)) as ApiBody<T> | T | null;
  if (!response.ok) {
    if (body && typeof body === 'object' && 'error' in body && typeof body.error === 'string') {
      throw new ApiError(body.error, response.status, undefined, undefined, body.details);
    }
    throw new ApiError(
      `HTTP ${response.status}: ${response.statusText}`,
      response.status,
      'errors.http',
      {
        status: response.status,
        statusText: response.statusText,
      },
    );
  }
  // Spec: use the data field when present, otherwise the whole body.
  if (body && typeof body === 'object' && 'data' in body) return (body as { data: T }).data;
  return body as T;
}
