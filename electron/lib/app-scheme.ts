/**
 * The privileged custom scheme the renderer is served from. `app://admin/`
 * is a standard, secure origin of its own: relative `/api` calls stay on it
 * and are forwarded by the main process, so the server needs no CORS at all.
 */
export const APP_SCHEME = 'app';
export const APP_HOST = 'admin';
export const APP_ORIGIN = `${APP_SCHEME}://${APP_HOST}`;

export const APP_SCHEME_PRIVILEGES = {
  scheme: APP_SCHEME,
  privileges: { standard: true, secure: true, supportFetchAPI: true, corsEnabled: false },
} as const;

/** Pages of the app, as URLs the window loads. */
export const APP_PAGES = {
  admin: `${APP_ORIGIN}/admin`,
  /** The dashboard's Contacts tab (web/admin/app/DashboardPage.tsx), where enquiries are answered. */
  enquiries: `${APP_ORIGIN}/admin?tab=contacts`,
  login: `${APP_ORIGIN}/login`,
  setup: `${APP_ORIGIN}/setup`,
  offline: `${APP_ORIGIN}/setup?offline=1`,
} as const;

/** Built files inside the renderer output folder (`out/renderer`). */
export const RENDERER_FILES = {
  admin: 'web/admin/index.html',
  setup: 'electron/setup/index.html',
} as const;

/**
 * A strict policy for everything served on the app scheme: only our own
 * scripts, no plugins, no framing, network calls only to the app origin
 * (which forwards `/api`). Images may come from https (article images) and
 * from the configured server itself (see `contentSecurityPolicy`). Inline
 * styles are allowed for the toast library's injected stylesheet.
 */
const DIRECTIVES = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob: https:",
  "font-src 'self' data:",
  "connect-src 'self'",
  "media-src 'self'",
  "object-src 'none'",
  "base-uri 'none'",
  "form-action 'self'",
  "frame-ancestors 'none'",
  "frame-src 'none'",
  "worker-src 'none'",
];

function originOf(url: string | null): string | null {
  try {
    return url ? new URL(url).origin : null;
  } catch {
    return null;
  }
}

/**
 * The policy of an answer on the app scheme. The configured server's own
 * origin is added to `img-src`: the dashboard runs on `app://admin`, so the
 * server's article images are cross-origin, and a local `http://localhost`
 * server is not covered by `https:`. `dev` (`electron-vite dev` only) lets in
 * Vite's inline React refresh preamble and its websocket; packaged builds
 * always use the strict policy.
 */
export function contentSecurityPolicy(serverUrl: string | null, dev = false): string {
  const server = originOf(serverUrl);
  return DIRECTIVES.map((d) => {
    if (d.startsWith('img-src') && server) return `${d} ${server}`;
    if (dev && d.startsWith('script-src')) return "script-src 'self' 'unsafe-inline'";
    if (dev && d.startsWith('connect-src'))
      return "connect-src 'self' ws://localhost:* ws://127.0.0.1:*";
    return d;
  }).join('; ');
}

export function isAppUrl(raw: string | null | undefined): boolean {
  if (!raw) return false;
  try {
    const url = new URL(raw);
    return url.protocol === `${APP_SCHEME}:` && url.host === APP_HOST;
  } catch {
    return false;
  }
}
