import { isAppUrl } from './app-scheme';
import { isSetupSender, navigationDecision, windowOpenDecision } from './security';

/**
 * Installs the security decisions of ./security on a window's web contents
 * and on its session. Each installer takes only the slice of Electron's API
 * it uses, so tests hand in small fakes and fire the events for real.
 */

type Preventable = { preventDefault(): void };

/** The part of `WebContents` the guards use. */
export type GuardedContents = {
  on(
    event: 'will-navigate' | 'will-redirect',
    listener: (e: Preventable, url: string) => void,
  ): unknown;
  on(event: 'will-attach-webview', listener: (e: Preventable) => void): unknown;
  on(
    event: 'did-fail-load',
    listener: (
      e: unknown,
      code: number,
      description: string,
      url: string,
      isMainFrame: boolean,
    ) => void,
  ): unknown;
  setWindowOpenHandler(handler: (details: { url: string }) => { action: 'deny' }): void;
};

export type GuardDeps = {
  serverUrl: () => string | null;
  /** Opens a link in the system browser or mail client; must not throw. */
  openExternal: (url: string) => void;
  /** Replaces the page with the offline page. */
  showOffline: () => void;
};

/** Chromium's net error for a navigation cancelled by another one (not a failure). */
export const ERR_ABORTED = -3;

/** `did-fail-load`: a page of ours that cannot load is replaced by the offline page, never left blank. */
export function failedLoadAction(
  code: number,
  url: string,
  isMainFrame: boolean,
): 'offline' | 'ignore' {
  if (!isMainFrame || code === ERR_ABORTED) return 'ignore';
  // The setup page itself failing must not loop into itself.
  return isSetupSender(url) ? 'ignore' : 'offline';
}

export function guardContents(contents: GuardedContents, deps: GuardDeps): void {
  const guard = (event: Preventable, url: string) => {
    const decision = navigationDecision(url, deps.serverUrl());
    if (decision.allow) return;
    event.preventDefault();
    if (decision.openExternal) deps.openExternal(decision.openExternal);
  };
  contents.on('will-navigate', guard);
  contents.on('will-redirect', guard);
  // `webviewTag` is off; this refuses a <webview> even if that ever changed.
  contents.on('will-attach-webview', (event) => event.preventDefault());
  contents.setWindowOpenHandler(({ url }) => {
    const decision = windowOpenDecision(url, deps.serverUrl());
    if (decision.openExternal) deps.openExternal(decision.openExternal);
    return { action: decision.action };
  });
  contents.on('did-fail-load', (_event, code, _description, url, isMainFrame) => {
    if (failedLoadAction(code, url, isMainFrame) === 'offline') deps.showOffline();
  });
}

/** The part of `Session` that answers permission requests and checks. */
export type PermissionSession = {
  setPermissionRequestHandler(
    handler: (
      contents: unknown,
      permission: string,
      callback: (granted: boolean) => void,
      details: { requestingUrl?: string },
    ) => void,
  ): void;
  setPermissionCheckHandler(
    handler: (contents: unknown, permission: string, requestingOrigin: string) => boolean,
  ): void;
  setDevicePermissionHandler(handler: (details: unknown) => boolean): void;
};

/**
 * What the app's own pages may use: writing to the clipboard, which
 * `navigator.clipboard.writeText` (every Copy button: recovery codes, the
 * two-factor key, invitation, media and share links) is checked against.
 * Reading the clipboard stays refused.
 */
const APP_PERMISSIONS = new Set(['clipboard-sanitized-write']);

const allowed = (permission: string, origin: string | undefined) =>
  APP_PERMISSIONS.has(permission) && isAppUrl(origin);

/**
 * Camera, microphone, geolocation, notifications from web code, HID/USB/serial…:
 * the dashboard needs none. Only the app's own origin may write to the clipboard.
 */
export function restrictPermissions(session: PermissionSession): void {
  session.setPermissionRequestHandler((_contents, permission, callback, details) =>
    callback(allowed(permission, details?.requestingUrl)),
  );
  session.setPermissionCheckHandler((_contents, permission, requestingOrigin) =>
    allowed(permission, requestingOrigin),
  );
  session.setDevicePermissionHandler(() => false);
}

/** The part of `BrowserWindow` / `WebContents` that loads a page. */
export type Loadable = { loadURL(url: string): Promise<void> };

function isAborted(error: unknown): boolean {
  const { code, errno } = (error ?? {}) as { code?: unknown; errno?: unknown };
  return code === 'ERR_ABORTED' || errno === ERR_ABORTED;
}

/**
 * `loadURL` without unhandled rejections. It rejects with ERR_ABORTED when
 * another navigation replaces this one (a menu click during a load): not an
 * error. Other failures have already reached `did-fail-load`, which shows the
 * offline page, so they are only logged. Always resolves.
 */
export async function loadPage(
  target: Loadable,
  url: string,
  warn: (message: string) => void = console.warn,
): Promise<void> {
  try {
    await target.loadURL(url);
  } catch (error) {
    if (isAborted(error)) return;
    warn(`Could not load ${url}: ${error instanceof Error ? error.message : String(error)}`);
  }
}
