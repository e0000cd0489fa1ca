/**
 * The desktop app's preload bridge, typed once for the main process, the
 * preload script and any renderer that wants to know it runs on the desktop
 * (`window.desktop` is undefined in a normal browser).
 */

import type { Language } from './languages';

/** Outcome of pointing the app at a server; `error` is a translation key. */
export type ConnectResult = { ok: true; url: string } | { ok: false; error: string };

/** What the admin renderer may ask of the desktop shell. */
export interface DesktopBridge {
  /** The installed app's version, e.g. `0.1.0`. */
  appVersion(): Promise<string>;
  /**
   * The language of the app's own texts (menu, dialogs, notifications): the
   * one chosen in the dashboard, else the system's when the site speaks it,
   * else English. The dashboard starts in it when nothing was chosen, so the
   * page and the menus agree.
   */
  language(): Promise<Language>;
  /**
   * The configured server, `null` before the first start's setup. Changing
   * it is not offered here: only the setup page can, and the app asks the
   * user to confirm (a page of the dashboard could otherwise send every
   * later sign-in to another server).
   */
  getServerUrl(): Promise<string | null>;
  /** A native notification (title up to 120 characters, body up to 500). */
  notify(notification: { title: string; body?: string }): Promise<void>;
}

/** The setup page's own tiny API (first start, change of server, offline page). */
export interface DesktopSetupBridge {
  getServerUrl(): Promise<string | null>;
  /**
   * Checks the URL, asks the user to confirm when it replaces another one,
   * stores it, then opens the dashboard.
   */
  connect(url: string): Promise<ConnectResult>;
  /** Offline page: checks the stored server again and opens the dashboard when it answers. */
  retry(): Promise<ConnectResult>;
}

declare global {
  interface Window {
    desktop?: DesktopBridge;
    desktopSetup?: DesktopSetupBridge;
  }
}
