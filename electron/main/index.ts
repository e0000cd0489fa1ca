import type { BrowserWindow } from 'electron';
import { app, Menu, net, protocol, session, shell } from 'electron';
import { fileURLToPath } from 'node:url';
import { createAppProtocolHandler } from '../lib/app-protocol';
import { APP_PAGES, APP_SCHEME, APP_SCHEME_PRIVILEGES } from '../lib/app-scheme';
import { createConnection } from '../lib/connection';
import { languageFromLocale, translator } from '../lib/i18n';
import { createIpcRouter } from '../lib/ipc-router';
import { buildMenuTemplate } from '../lib/menu-template';
import { permissionDecision } from '../lib/security';
import { openSettingsStore } from '../lib/settings-store';
import { focusWindow, showNotification, startEnquiryWatch, startUpdates } from './background';
import { registerIpc } from './ipc';
import { createMainWindow } from './window';

/** Wiring only: every decision lives in ../lib, tested in Node. */

protocol.registerSchemesAsPrivileged([APP_SCHEME_PRIVILEGES]);
const env = {
  devRenderer: process.env.ELECTRON_RENDERER_URL,
  updateFeed: process.env.UPDATE_FEED_URL,
};
const file = (relative: string) => fileURLToPath(new URL(relative, import.meta.url));
let win: BrowserWindow | null = null;

if (!app.requestSingleInstanceLock()) {
  app.quit();
} else {
  app.on('second-instance', () => focusWindow(win));
  app.on('window-all-closed', () => app.quit());
  void app.whenReady().then(start);
}

async function start(): Promise<void> {
  const t = translator(languageFromLocale(app.getLocale()));
  const store = await openSettingsStore(app.getPath('userData'));
  const appFetch: typeof fetch = (input, init) =>
    net.fetch(input as string, { ...init, credentials: 'include' });
  const connection = createConnection({ store, fetch: appFetch });

  const ses = session.defaultSession;
  ses.setPermissionRequestHandler((_wc, permission, callback) =>
    callback(permissionDecision(permission)),
  );
  ses.setPermissionCheckHandler((_wc, permission) => permissionDecision(permission));
  protocol.handle(
    APP_SCHEME,
    createAppProtocolHandler({
      rendererDir: file('../renderer'),
      devServerUrl: app.isPackaged ? undefined : env.devRenderer,
      serverUrl: connection.current,
      fetch: appFetch,
    }),
  );

  const poller = startEnquiryWatch({
    serverUrl: connection.current,
    t,
    focus: () => focusWindow(win),
  });
  const open = (url: string) => void win?.loadURL(url);
  const connected = (result: Awaited<ReturnType<typeof connection.connect>>) => {
    if (result.ok) {
      open(APP_PAGES.admin);
      poller.refresh();
    }
    return result;
  };
  registerIpc(
    createIpcRouter({
      appVersion: () => app.getVersion(),
      getServerUrl: connection.current,
      setServerUrl: async (url) => connected(await connection.connect(url)),
      notify: ({ title, body }) => showNotification(title, body),
      setupConnect: async (url) => connected(await connection.connect(url)),
      setupRetry: async () => connected(await connection.retry()),
    }),
  );

  const checkForUpdates = startUpdates({
    envFeed: env.updateFeed,
    settingsFeed: store.get().updateFeedUrl,
    t,
  });
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
          if (url) void shell.openExternal(url);
        },
      }),
    ),
  );

  win = createMainWindow({
    store,
    preload: file('../preload/index.cjs'),
    title: app.getName(),
    serverUrl: connection.current,
  });
  win.on('closed', () => (win = null));
  await win.loadURL(await connection.startPage());
  poller.start();
}
