import { BrowserWindow, screen, shell } from 'electron';
import { APP_PAGES } from '../lib/app-scheme';
import { navigationDecision, secureWebPreferences, windowOpenDecision } from '../lib/security';
import type { SettingsStore } from '../lib/settings-store';
import { boundsToSave, MIN_SIZE, placeWindow } from '../lib/window-bounds';

/** The dashboard window: remembered bounds, shown when painted, locked to the app scheme. */
export function createMainWindow(opts: {
  store: SettingsStore;
  preload: string;
  title: string;
  serverUrl: () => string | null;
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

  const contents = win.webContents;
  const guard = (event: { preventDefault(): void }, url: string) => {
    const decision = navigationDecision(url, opts.serverUrl());
    if (decision.allow) return;
    event.preventDefault();
    if (decision.openExternal) void shell.openExternal(decision.openExternal);
  };
  contents.on('will-navigate', guard);
  contents.on('will-redirect', guard);
  contents.on('will-attach-webview', (event) => event.preventDefault());
  contents.setWindowOpenHandler(({ url }) => {
    const decision = windowOpenDecision(url, opts.serverUrl());
    if (decision.openExternal) void shell.openExternal(decision.openExternal);
    return { action: decision.action };
  });
  // A page of ours that cannot load is replaced by the offline page, never left blank.
  contents.on('did-fail-load', (_event, code, _description, url, isMainFrame) => {
    if (isMainFrame && code !== -3 && !url.startsWith(APP_PAGES.setup))
      void win.loadURL(APP_PAGES.offline);
  });

  // Synchronous: `window-all-closed` quits right after this handler.
  win.on('close', () => {
    opts.store.update({ windowBounds: boundsToSave(win.getNormalBounds(), win.isMaximized()) });
  });
  return win;
}
