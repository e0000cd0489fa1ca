import { BrowserWindow, dialog, screen } from 'electron';
import type { Translate } from '#shared/languages';
import { APP_PAGES } from '../lib/app-scheme';
import { guardContents, loadPage } from '../lib/contents-guards';
import { confirmLeaving } from '../lib/leave-guard';
import { secureWebPreferences } from '../lib/security';
import type { SettingsStore } from '../lib/settings-store';
import { MIN_SIZE, placeWindow, rememberBoundsOnClose } from '../lib/window-bounds';

/**
 * The dashboard window: remembered bounds, shown when painted, locked to the
 * app scheme, asking before a page with unsaved changes is left.
 */
export function createMainWindow(opts: {
  store: SettingsStore;
  preload: string;
  title: string;
  serverUrl: () => string | null;
  openExternal: (url: string) => void;
  t: Translate;
}): BrowserWindow {
  const placement = placeWindow(
    opts.store.get().windowBounds,
    [screen.getPrimaryDisplay(), ...screen.getAllDisplays()].map((d) => d.workArea),
  );
  const win = new BrowserWindow({
    x: placement.x,
    y: placement.y,
    width: placement.width,
    height: placement.height,
    minWidth: MIN_SIZE.width,
    minHeight: MIN_SIZE.height,
    title: opts.title,
    show: false,
    autoHideMenuBar: false,
    backgroundColor: '#0f172a',
    webPreferences: secureWebPreferences(opts.preload),
  });

  win.once('ready-to-show', () => {
    if (placement.maximized) win.maximize();
    win.show();
  });
  guardContents(win.webContents, {
    serverUrl: opts.serverUrl,
    openExternal: opts.openExternal,
    showOffline: () => void loadPage(win, APP_PAGES.offline),
  });
  confirmLeaving(win.webContents, opts.t, (question) => dialog.showMessageBoxSync(win, question));
  rememberBoundsOnClose(win, opts.store);
  return win;
}
