/**
 * The server the desktop app talks to: what counts as a valid address and
 * how we check that it really is one of our servers before storing it.
 * Results carry translation keys from the `desktop` catalogue section.
 */

export type UrlCheck = { ok: true; url: string } | { ok: false; error: string };

const LOCAL_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

/** True for the loopback names where plain http is acceptable. */
export function isLocalHost(hostname: string): boolean {
  return LOCAL_HOSTS.has(hostname.toLowerCase());
}

/**
 * Trims the input, adds `https://` when no scheme was typed and returns the
 * canonical form (origin plus path, no trailing slash). https is required,
 * except for localhost, 127.0.0.1 and [::1].
 */
export function normalizeServerUrl(input: string): UrlCheck {
  const raw = input.trim();
  if (!raw) return { ok: false, error: 'desktop.setup.errors.required' };
  const withScheme = /^[a-z][a-z0-9+.-]*:\/\//i.test(raw) ? raw : `https://${raw}`;
  let url: URL;
  try {
    url = new URL(withScheme);
  } catch {
    return { ok: false, error: 'desktop.setup.errors.invalid' };
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') {
    return { ok: false, error: 'desktop.setup.errors.invalid' };
  }
  if (url.username || url.password || url.search || url.hash || !url.hostname) {
    return { ok: false, error: 'desktop.setup.errors.invalid' };
  }
  if (url.protocol === 'http:' && !isLocalHost(url.hostname)) {
    return { ok: false, error: 'desktop.setup.errors.https' };
  }
  const path = url.pathname.replace(/\/+$/, '');
  return { ok: true, url: `${url.origin}${path}` };
}

/** Joins a normalized server URL and an absolute path such as `/api/news`. */
export function serverEndpoint(serverUrl: string, pathAndQuery: string): string {
  return `${serverUrl.replace(/\/+$/, '')}${pathAndQuery.startsWith('/') ? '' : '/'}${pathAndQuery}`;
}

/**
 * Asks `GET /healthz` and accepts only a 2xx JSON answer, so a random web
 * page that happens to answer is not mistaken for our server.
 */
export async function checkHealth(
  serverUrl: string,
  fetchFn: typeof fetch,
  timeoutMs = 8000,
): Promise<UrlCheck> {
  let response: Response;
  try {
    response = await fetchFn(serverEndpoint(serverUrl, '/healthz'), {
      headers: { Accept: 'application/json' },
      signal: AbortSignal.timeout(timeoutMs),
      redirect: 'error',
    });
  } catch {
    return { ok: false, error: 'desktop.setup.errors.unreachable' };
  }
  const type = response.headers.get('content-type') ?? '';
  await response.body?.cancel().catch(() => undefined);
  if (!response.ok || !type.includes('application/json')) {
    return { ok: false, error: 'desktop.setup.errors.notServer' };
  }
  return { ok: true, url: serverUrl };
}
