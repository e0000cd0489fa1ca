import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { forwardApiRequest, forwardMediaRequest, jsonError } from './api-forward';
import { APP_HOST, contentSecurityPolicy, RENDERER_FILES } from './app-scheme';
import { translator, languageFromRequest } from './i18n';

/**
 * Answers every request on `app://admin/`: built renderer files, the admin
 * page for its client-side routes, the setup page, and `/api/*` and the files
 * of uploads (`/media/{id}/…`) forwarded to the configured server. Plain `Request -> Response`, so Node tests run it.
 */

export type AppRoute =
  | { kind: 'api' }
  | { kind: 'media' }
  | { kind: 'page'; file: string }
  | { kind: 'file'; file: string }
  | { kind: 'forbidden' }
  | { kind: 'not-found' };

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
  '.gif': 'image/gif',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.woff': 'font/woff',
  '.ttf': 'font/ttf',
  '.webm': 'video/webm',
  '.mp4': 'video/mp4',
  '.txt': 'text/plain; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
};

export function contentType(file: string): string {
  return TYPES[path.extname(file).toLowerCase()] ?? 'application/octet-stream';
}

/** Decides what a URL on the app scheme means, refusing anything that leaves the renderer folder. */
export function routeAppUrl(raw: string): AppRoute {
  const url = new URL(raw);
  if (url.host !== APP_HOST) return { kind: 'not-found' };
  let pathname: string;
  try {
    pathname = decodeURIComponent(url.pathname);
  } catch {
    return { kind: 'forbidden' };
  }
  if (pathname.includes('\0') || pathname.includes('\\')) return { kind: 'forbidden' };
  if (pathname === '/api' || pathname.startsWith('/api/')) return { kind: 'api' };
  if (pathname === '/setup' || pathname === '/setup/')
    return { kind: 'page', file: RENDERER_FILES.setup };
  const segments = pathname.split('/').filter(Boolean);
  if (segments.some((s) => s === '..' || s === '.')) return { kind: 'forbidden' };
  // Uploads live on the server (`/media/12/3f9a…-1600x900.jpg`); the app's own
  // pictures under `/media/` (the default news image) are built files.
  if (segments.length === 3 && segments[0] === 'media' && /^\d{1,9}$/.test(segments[1]!))
    return { kind: 'media' };
  const last = segments.at(-1) ?? '';
  // Client-side routes (`/`, `/login`, `/admin/news/3`): paths without a file extension.
  // Vite's dev-server modules (`/@vite/client`, `/@fs/…`) are files even without an extension.
  if (!path.posix.extname(last) && !segments[0]?.startsWith('@'))
    return { kind: 'page', file: RENDERER_FILES.admin };
  return { kind: 'file', file: segments.join('/') };
}

export type AppProtocolDeps = {
  rendererDir: string;
  /** `electron-vite dev`: renderer files come from Vite's dev server instead of `rendererDir`. */
  devServerUrl?: string;
  serverUrl: () => string | null;
  fetch: typeof fetch;
};

function withSecurityHeaders(headers: Record<string, string>, csp: string): Headers {
  return new Headers({
    ...headers,
    'Content-Security-Policy': csp,
    'X-Content-Type-Options': 'nosniff',
    'Referrer-Policy': 'no-referrer',
    'Cross-Origin-Opener-Policy': 'same-origin',
  });
}

async function serveFile(
  rendererDir: string,
  relative: string,
  isPage: boolean,
  csp: string,
): Promise<Response> {
  const root = path.resolve(rendererDir);
  const file = path.resolve(root, relative);
  if (file !== root && !file.startsWith(root + path.sep))
    return new Response('Forbidden', { status: 403 });
  try {
    const data = await readFile(file);
    const cache = isPage
      ? 'no-cache'
      : relative.startsWith('assets/')
        ? 'public, max-age=31536000, immutable'
        : 'no-cache';
    return new Response(data, {
      status: 200,
      headers: withSecurityHeaders(
        { 'Content-Type': contentType(file), 'Cache-Control': cache },
        csp,
      ),
    });
  } catch {
    return new Response('Not found', {
      status: 404,
      headers: withSecurityHeaders({ 'Content-Type': 'text/plain' }, csp),
    });
  }
}

/** Development only: the same routes, answered by Vite's dev server. */
async function serveFromDevServer(
  devServerUrl: string,
  relative: string,
  fetchFn: typeof fetch,
  csp: string,
): Promise<Response> {
  try {
    const upstream = await fetchFn(new URL(relative, devServerUrl.replace(/\/?$/, '/')).toString());
    const type = upstream.headers.get('content-type') ?? contentType(relative);
    return new Response(upstream.body, {
      status: upstream.status,
      headers: withSecurityHeaders({ 'Content-Type': type, 'Cache-Control': 'no-store' }, csp),
    });
  } catch {
    return new Response('Development server unreachable', { status: 502 });
  }
}

export function createAppProtocolHandler(
  deps: AppProtocolDeps,
): (request: Request) => Promise<Response> {
  return async (request) => {
    const route = routeAppUrl(request.url);
    const csp = contentSecurityPolicy(deps.serverUrl(), Boolean(deps.devServerUrl));
    switch (route.kind) {
      case 'api':
      case 'media': {
        if (route.kind === 'media' && request.method !== 'GET' && request.method !== 'HEAD')
          return new Response('Method not allowed', {
            status: 405,
            headers: withSecurityHeaders({ 'Content-Type': 'text/plain', Allow: 'GET, HEAD' }, csp),
          });
        const serverUrl = deps.serverUrl();
        if (!serverUrl)
          return jsonError(
            503,
            translator(languageFromRequest(request))('desktop.errors.notConfigured'),
          );
        const forward = route.kind === 'api' ? forwardApiRequest : forwardMediaRequest;
        return forward(request, serverUrl, deps.fetch);
      }
      case 'page':
      case 'file': {
        if (deps.devServerUrl) {
          const { search } = new URL(request.url);
          return serveFromDevServer(
            deps.devServerUrl,
            route.file + (route.kind === 'file' ? search : ''),
            deps.fetch,
            csp,
          );
        }
        return serveFile(deps.rendererDir, route.file, route.kind === 'page', csp);
      }
      case 'forbidden':
        return new Response('Forbidden', {
          status: 403,
          headers: withSecurityHeaders({ 'Content-Type': 'text/plain' }, csp),
        });
      case 'not-found':
        return new Response('Not found', {
          status: 404,
          headers: withSecurityHeaders({ 'Content-Type': 'text/plain' }, csp),
        });
    }
  };
}
