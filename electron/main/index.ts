import type { BrowserWindow } from 'electron';
import { app, dialog, Menu, net, protocol, session, shell } from 'electron';
import { fileURLToPath } from 'node:url';
import type { Translate } from '#shared/languages';
import { claimAppId } from '../lib/app-id';
import { followAppLanguage } from '../lib/app-language';
import { createAppProtocolHandler } from '../lib/app-protocol';
import { APP_PAGES, APP_SCHEME, APP_SCHEME_PRIVILEGES } from '../lib/app-scheme';
import { createConnection, createSetupActions, serverChangeDialog } from '../lib/connection';
import { restrictPermissions, loadPage } from '../lib/contents-guards';
import { translator } from '../lib/i18n';
import { createIpcRouter } from '../lib/ipc-router';
import { buildMenuTemplate } from '../lib/menu-template';
import { openSettingsStore } from '../lib/settings-store';
import { claimSingleInstance } from '../lib/single-instance';
import { focusWindow, showNotification, startEnquiryWatch, startUpdates } from './background';
import { registerIpc } from './ipc';
import { createMainWindow } from './window';

/** Wiring only: every decision lives in ../lib, tested in Node. */

protocol.registerSchemesAsPrivileged([APP_SCHEME_PRIVILEGES]);
// Before any notification: Windows shows an installed app's toasts only under its shortcut's id.
claimAppId(app, process.platform);
const env = {
  devRenderer: process.env.ELECTRON_RENDERER_URL,
  updateFeed: process.env.UPDATE_FEED_URL,
};
const file = (relative: string) => fileURLToPath(new URL(relative, import.meta.url));
let win: BrowserWindow | null = null;

if (claimSingleInstance(app, () => focusWindow(win))) {
  app
    .whenReady()
    .then(start)
    .catch((error: unknown) => {
      console.error('The app could not start:', error);
      app.quit();
    });
}

async function start(): Promise<void> {
  // The dashboard's chosen language, followed as it changes; the menu is rebuilt in it.
  let setMenu = () => {};
  const language = await followAppLanguage(session.defaultSession.cookies, app.getLocale(), () =>
    setMenu(),
  );
  const t: Translate = (key, params) => translator(language.current())(key, params);
  const store = await openSettingsStore(app.getPath('userData'));
  const appFetch: typeof fetch = (input, init) =>
    net.fetch(input as string, { ...init, credentials: 'include' });
  const connection = createConnection({
    store,
    fetch: appFetch,
    cookies: session.defaultSession.cookies,
    confirmChange: (from, to) => confirmServerChange(win, t, from, to),
  });
  const openExternal = (url: string) =>
    void shell.openExternal(url).catch((error: Error) => console.warn(error.message));

  restrictPermissions(session.defaultSession);
  protocol.handle(
    APP_SCHEME,
    createAppProtocolHandler({
      rendererDir: file('../renderer'),
      devServerUrl: app.isPackaged ? undefined : env.devRenderer,
      serverUrl: connection.current,
      fetch: appFetch,
    }),
  );

  const open = (url: string) => {
    if (win) void loadPage(win, url);
  };
  const poller = startEnquiryWatch({
    serverUrl: connection.current,
    t,
    openEnquiries: () => {
      focusWindow(win);
      open(APP_PAGES.enquiries);
    },
    window: () => win,
  });
  const setup = createSetupActions(connection, { open, onConnected: () => poller.refresh() });
  registerIpc(
    createIpcRouter({
      appVersion: () => app.getVersion(),
      language: () => language.current(),
      getServerUrl: connection.current,
      notify: ({ title, body }) => showNotification(title, body),
      setupConnect: setup.connect,
      setupRetry: setup.retry,
    }),
  );

  const checkForUpdates = startUpdates({
    envFeed: env.updateFeed,
    settingsFeed: store.get().updateFeedUrl,
    t,
    window: () => win,
  });
  setMenu = () =>
    Menu.setApplicationMenu(
      Menu.buildFromTemplate(
        buildMenuTemplate({
          platform: process.platform,
          appName: app.getName(),
          isDev: !app.isPackaged,
          t,
          onChangeServer: () => open(APP_PAGES.setup),
          onOpenDashboard: () => open(APP_PAGES.admin),
          onCheckForUpdates: checkForUpdates,
          onOpenWebsite: () => {
            const url = connection.current();
            if (url) openExternal(url);
          },
        }),
      ),
    );
  setMenu();

  win = createMainWindow({
    store,
    preload: file('../preload/index.cjs'),
    title: app.getName(),
    serverUrl: connection.current,
    openExternal,
    t,
  });
  win.on('closed', () => (win = null));
  await loadPage(win, await connection.startPage());
  poller.start();
}

/** The native question before the app leaves one server for another (never a page's to answer). */
async function confirmServerChange(
  parent: BrowserWindow | null,
  t: (key: string, params?: Record<string, string>) => string,
  from: string,
  to: string,
): Promise<boolean> {
  const options = serverChangeDialog(t, from, to);
  const { response } = parent
    ? await dialog.showMessageBox(parent, options)
    : await dialog.showMessageBox(options);
  return response === 0;
}
