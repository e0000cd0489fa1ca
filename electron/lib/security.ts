import { isAppUrl } from './app-scheme';

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
  } as const;
}

/** `will-navigate` / `will-redirect`: only pages of the app scheme may load in the window. */
export function isAllowedNavigation(url: string): boolean {
  return isAppUrl(url);
}

/** Links that may leave the app for the system browser: http(s) only, no credentials in the URL. */
export function externalUrl(raw: string): string | null {
  try {
    const url = new URL(raw);
    if (url.protocol !== 'https:' && url.protocol !== 'http:') return null;
    if (url.username || url.password) return null;
    return url.toString();
  } catch {
    return null;
  }
}

/**
 * `setWindowOpenHandler`: no new Electron windows, ever. An http(s) link is
 * handed to the system browser (the caller opens `openExternal`).
 */
export function windowOpenDecision(url: string): { action: 'deny'; openExternal: string | null } {
  return { action: 'deny', openExternal: externalUrl(url) };
}

/** Camera, microphone, geolocation, notifications from web code, …: the dashboard needs none. */
export function permissionDecision(_permission: string, _requestingUrl?: string): boolean {
  return false;
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
