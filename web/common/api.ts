import { API_BASE, type ApiBody } from '#shared/api';
import { isLanguage, LANGUAGE_HEADER, type Translate } from '#shared/languages';
import { TOTAL_COUNT_HEADER, type ListPage } from '#shared/list-query';

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
    /** A 5xx answer's request id (`X-Request-Id`), for staff to quote. */
    readonly reference?: string,
    /** The server's reason code, for the client to act on (`ACCOUNT_CLOSED`). */
    readonly code?: string,
    /** What the refusal is about as it is now (the answer's `current`: a 409's colleague's texts). */
    readonly current?: unknown,
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

/** The language the page is shown in, when it sends it (`sendLanguageOf`). */
let shownLanguage: () => string | undefined = () => undefined;

/**
 * From now on every call sends the language `current` answers at the time
 * (the admin's i18n language, a switch included) as `X-Language`: the
 * server's errors, field details and 409 banners speak it, not the
 * `language` cookie's, which a public page opened from the admin ("View on
 * site" on another language's tab) changes. The public site does not call
 * it: its calls follow its pages' cookie, as they always have.
 */
export function sendLanguageOf(current: () => string | undefined): void {
  shownLanguage = current;
}

type Options = {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  body?: unknown;
  query?: Record<string, string | number | boolean | undefined>;
  signal?: AbortSignal;
};

/** Sends the call; answers the response when it succeeded, else throws the `ApiError` to show. */
async function send(path: string, options: Options): Promise<Response> {
  const query = new URLSearchParams();
  for (const [k, v] of Object.entries(options.query ?? {}))
    if (v !== undefined) query.set(k, String(v));
  const url = `${API_BASE}${path}${query.size ? `?${query}` : ''}`;

  let response: Response;
  // A file goes as multipart/form-data, which the browser labels with its boundary itself.
  const form = typeof FormData !== 'undefined' && options.body instanceof FormData;
  const headers: Record<string, string> = form
    ? { Accept: 'application/json' }
    : { 'Content-Type': 'application/json', Accept: 'application/json' };
  const language = shownLanguage();
  if (isLanguage(language)) headers[LANGUAGE_HEADER] = language;
  try {
    response = await fetch(url, {
      method: options.method ?? 'GET',
      credentials: 'include',
      headers,
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
  if (response.ok) return response;

  const body = (await response.json().catch(() => null)) as ApiBody<unknown> | null;
  const reference =
    response.status >= 500
      ? ((body as { id?: string } | null)?.id ?? response.headers.get('X-Request-Id') ?? undefined)
      : undefined;
  if (body && typeof body === 'object' && 'error' in body && typeof body.error === 'string') {
    const code = typeof body.code === 'string' ? body.code : undefined;
    throw new ApiError(
      body.error,
      response.status,
      undefined,
      undefined,
      body.details,
      reference,
      code,
      body.current,
    );
  }
  // Not the app's answer: a proxy in front (nginx's "504 Gateway Time-out" page) or a crash.
  // Its status text is the proxy's English, so the user reads a translated "try again".
  if (response.status >= 500) {
    throw new ApiError(
      `HTTP ${response.status}: ${response.statusText}`,
      response.status,
      'errors.server',
      { status: response.status },
      undefined,
      reference,
    );
  }
  // A proxy's own 413 page (nginx's `client_max_body_size`): an upload larger than it takes.
  if (response.status === 413) {
    throw new ApiError(`HTTP 413: ${response.statusText}`, 413, 'errors.tooLarge');
  }
  throw new ApiError(
    `HTTP ${response.status}: ${response.statusText}`,
    response.status,
    'errors.http',
    {
      status: response.status,
      statusText: response.statusText,
    },
    undefined,
    reference,
  );
}

export async function api<T>(path: string, options: Options = {}): Promise<T> {
  const response = await send(path, options);
  const body = (await response.json().catch(() => null)) as ApiBody<T> | T | null;
  // Use the data field when present, otherwise the whole body.
  if (body && typeof body === 'object' && 'data' in body) return (body as { data: T }).data;
  return body as T;
}

/**
 * One page of a list call (`?page=`): its items, and the whole list's total
 * from the `X-Total-Count` header (the items' number when a server leaves it out).
 */
export async function apiPage<T>(path: string, options: Options = {}): Promise<ListPage<T>> {
  const response = await send(path, options);
  const body = (await response.json().catch(() => null)) as ApiBody<T[]> | null;
  const items = body && 'data' in body && Array.isArray(body.data) ? body.data : [];
  const total = Number(response.headers.get(TOTAL_COUNT_HEADER) ?? Number.NaN);
  return { items, total: Number.isFinite(total) ? total : items.length };
}

/**
 * A file the API sends as a download (the CSV export), through the same
 * failures as `api`: its bytes and the name the server gave it
 * (`Content-Disposition`), or null when it gave none.
 */
export async function apiFile(
  path: string,
  options: Omit<Options, 'method' | 'body'> = {},
): Promise<{ blob: Blob; filename: string | null }> {
  const response = await send(path, options);
  const filename = dispositionFilename(response.headers.get('Content-Disposition') ?? '');
  return { blob: await response.blob(), filename };
}

/**
 * The file name of a `Content-Disposition` header (RFC 6266): the UTF-8
 * `filename*` when given, else `filename` as a token (what Express sends for
 * a plain name) or a quoted string.
 */
export function dispositionFilename(header: string): string | null {
  const extended = /filename\*\s*=\s*UTF-8''([^;\s]+)/i.exec(header)?.[1];
  if (extended) {
    try {
      return decodeURIComponent(extended);
    } catch {
      // A malformed escape: fall back to the plain name.
    }
  }
  const plain = /filename\s*=\s*(?:"((?:[^"\\]|\\.)*)"|([^;\s]+))/i.exec(header);
  if (!plain) return null;
  const name = plain[1] !== undefined ? plain[1].replace(/\\(.)/g, '$1') : plain[2]!;
  return name || null;
}
