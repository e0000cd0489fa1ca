import type { WebPreferences } from 'electron';
import { isAppUrl } from './app-scheme';
import { serverEndpoint } from './server-url';

/**
 * Every security decision of the shell as a plain function, so each one is
 * tested and the main process only wires them to Electron's events.
 */

/** The renderer's preferences: isolated, sandboxed, no Node, web security on. */
export function secureWebPreferences(preload: string) {
  return {
    preload,
    contextIsolation: true,
    sandbox: true,
    nodeIntegration: false,
    nodeIntegrationInWorker: false,
    nodeIntegrationInSubFrames: false,
    webSecurity: true,
    allowRunningInsecureContent: false,
    experimentalFeatures: false,
    webviewTag: false,
    navigateOnDragDrop: false,
    spellcheck: true,
  } as const satisfies WebPreferences;
}

/** The app's own pages: the dashboard, its sign-in page and the setup page. */
export function isAppPage(url: string): boolean {
  if (!isAppUrl(url)) return false;
  const path = new URL(url).pathname.replace(/\/+$/, '');
  return path === '/login' || path === '/admin' || path.startsWith('/admin/') || path === '/setup';
}

/**
 * Links that may leave the app: http(s) without credentials, and mailto to
 * addresses only (reply to an enquiry; the dashboard encodes the address,
 * shared/mailto.ts). A mailto with headers (`?cc=…&body=…`) or a fragment
 * is none the dashboard makes: a visitor's address written into one
 * unencoded would add a recipient or text, so it is refused.
 */
export function externalUrl(raw: string): string | null {
  try {
    const url = new URL(raw);
    if (url.protocol === 'mailto:') return url.search || url.hash ? null : url.toString();
    if (url.protocol !== 'https:' && url.protocol !== 'http:') return null;
    if (url.username || url.password) return null;
    return url.toString();
  } catch {
    return null;
  }
}

export type NavigationDecision = { allow: true } | { allow: false; openExternal: string | null };

/**
 * `will-navigate`, `will-redirect` and new windows. App pages load in place.
 * Other paths on the app scheme are pages of the public website (the
 * dashboard's "Back to the website" is a relative `/`): they open on the
 * configured server in the system browser. Anything else opens externally
 * when it is http(s) or mailto, and is refused otherwise.
 */
export function navigationDecision(url: string, serverUrl: string | null): NavigationDecision {
  if (isAppPage(url)) return { allow: true };
  if (isAppUrl(url)) {
    if (!serverUrl) return { allow: false, openExternal: null };
    const { pathname, search } = new URL(url);
    return {
      allow: false,
      openExternal: externalUrl(serverEndpoint(serverUrl, pathname + search)),
    };
  }
  return { allow: false, openExternal: externalUrl(url) };
}

/** `setWindowOpenHandler`: no new Electron windows, ever; the link may open in the system browser. */
export function windowOpenDecision(
  url: string,
  serverUrl: string | null = null,
): { action: 'deny'; openExternal: string | null } {
  const decision = navigationDecision(url, serverUrl);
  return { action: 'deny', openExternal: decision.allow ? null : decision.openExternal };
}

/** IPC is answered only for frames showing our own pages. */
export function isTrustedSender(frameUrl: string | null | undefined): boolean {
  return isAppUrl(frameUrl);
}

/** Setup-only channels are answered only for the setup page. */
export function isSetupSender(frameUrl: string | null | undefined): boolean {
  if (!isAppUrl(frameUrl)) return false;
  return new URL(frameUrl!).pathname.replace(/\/+$/, '') === '/setup';
}
