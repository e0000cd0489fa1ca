import { serverEndpoint } from './server-url';
import { translator, languageFromRequest } from './i18n';

/**
 * Forwards the renderer's relative `/api/*` calls (made to `app://admin/api/…`)
 * and the files of uploads (`/media/…`) to the configured server. In the app
 * `fetchFn` is Electron's `net.fetch` on the app's session, so the session
 * cookie lives in Electron's cookie jar and never reaches the renderer; the
 * server sees an ordinary same-origin call.
 */

/** Request headers that belong to one hop, or that we set ourselves. */
const DROP_REQUEST = new Set([
  'connection',
  'keep-alive',
  'proxy-authenticate',
  'proxy-authorization',
  'proxy-connection',
  'te',
  'trailer',
  'transfer-encoding',
  'upgrade',
  'host',
  'content-length',
  'cookie',
  'origin',
  'referer',
]);

/** Response headers the renderer must not see or that no longer hold after decoding. */
const DROP_RESPONSE = new Set([
  'connection',
  'keep-alive',
  'proxy-authenticate',
  'trailer',
  'transfer-encoding',
  'upgrade',
  'content-encoding',
  'content-length',
  'set-cookie',
]);

const BODYLESS = new Set(['GET', 'HEAD']);
/**
 * How long a read (GET, HEAD) may take before it is reported as unreachable.
 * A call with a body has no deadline of its own: an upload may take minutes
 * to send (the server allows 5 to receive it, then checks a video), and the
 * server's own limits end it.
 */
export const FORWARD_TIMEOUT_MS = 120_000;

function copyHeaders(from: Headers, drop: Set<string>): Headers {
  const headers = new Headers();
  from.forEach((value, name) => {
    if (!drop.has(name.toLowerCase()) && !name.toLowerCase().startsWith('sec-'))
      headers.append(name, value);
  });
  return headers;
}

/** The language the renderer chose (`?lang`, else its `language` cookie), passed on as `?lang`. */
function targetPath(url: URL, request: Request): string {
  const query = new URLSearchParams(url.search);
  const lang = languageFromRequest(request);
  if (!query.has('lang') && lang) query.set('lang', lang);
  const search = query.toString();
  return `${url.pathname}${search ? `?${search}` : ''}`;
}

export function jsonError(status: number, error: string): Response {
  return new Response(JSON.stringify({ error }), {
    status,
    headers: { 'Content-Type': 'application/json; charset=utf-8', 'Cache-Control': 'no-store' },
  });
}

/** Sends the renderer's request on to `pathAndQuery` on the server; null when it cannot be reached. */
async function sendUpstream(
  request: Request,
  serverUrl: string,
  fetchFn: typeof fetch,
  pathAndQuery: string,
  signal: AbortSignal,
): Promise<Response | null> {
  const headers = copyHeaders(request.headers, DROP_REQUEST);
  // The server's same-origin check for state-changing calls compares Origin with itself.
  headers.set('Origin', new URL(serverUrl).origin);
  const body = BODYLESS.has(request.method) ? undefined : await request.arrayBuffer();
  try {
    return await fetchFn(serverEndpoint(serverUrl, pathAndQuery), {
      method: request.method,
      headers,
      body,
      credentials: 'include',
      redirect: 'manual',
      signal,
    });
  } catch {
    return null;
  }
}

/** The server's answer as the renderer gets it: status and body as sent, hop headers dropped. */
function relay(request: Request, upstream: Response): Response {
  const nullBody = request.method === 'HEAD' || [101, 204, 205, 304].includes(upstream.status);
  return new Response(nullBody ? null : upstream.body, {
    status: upstream.status,
    statusText: upstream.statusText,
    headers: copyHeaders(upstream.headers, DROP_RESPONSE),
  });
}

function unreachable(request: Request, serverUrl: string): Response {
  const t = translator(languageFromRequest(request));
  return jsonError(502, t('desktop.errors.unreachable', { server: new URL(serverUrl).host }));
}

export async function forwardApiRequest(
  request: Request,
  serverUrl: string,
  fetchFn: typeof fetch,
  timeoutMs = FORWARD_TIMEOUT_MS,
): Promise<Response> {
  const url = new URL(request.url);
  const signal = BODYLESS.has(request.method)
    ? AbortSignal.any([request.signal, AbortSignal.timeout(timeoutMs)])
    : request.signal;
  const upstream = await sendUpstream(
    request,
    serverUrl,
    fetchFn,
    targetPath(url, request),
    signal,
  );
  return upstream ? relay(request, upstream) : unreachable(request, serverUrl);
}

/**
 * Forwards an upload's file (`/media/{id}/{file}`: image, video or PDF) to the
 * server, whose addresses the dashboard uses as they are. The `Range` header
 * goes along, so a video player's partial answer (206) comes back unchanged.
 * The timeout covers only the wait for the answer: a video streams for as
 * long as it plays.
 */
export async function forwardMediaRequest(
  request: Request,
  serverUrl: string,
  fetchFn: typeof fetch,
  timeoutMs = FORWARD_TIMEOUT_MS,
): Promise<Response> {
  const { pathname, search } = new URL(request.url);
  const waiting = new AbortController();
  const timer = setTimeout(
    () => waiting.abort(new DOMException('The server did not answer in time', 'TimeoutError')),
    timeoutMs,
  );
  try {
    const signal = AbortSignal.any([request.signal, waiting.signal]);
    const upstream = await sendUpstream(request, serverUrl, fetchFn, pathname + search, signal);
    return upstream ? relay(request, upstream) : unreachable(request, serverUrl);
  } finally {
    clearTimeout(timer);
  }
}
