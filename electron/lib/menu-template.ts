import type { MenuItemConstructorOptions } from 'electron';

/**
 * The application menu as data: the platform's usual roles plus our own
 * items (change server, check for updates). Every label comes from the
 * catalogue, role items' too: without one, Electron labels a role in English
 * whatever the app's language.
 */

export type MenuOptions = {
  platform: NodeJS.Platform;
  appName: string;
  isDev: boolean;
  t: (key: string, params?: Record<string, unknown>) => string;
  onChangeServer: () => void;
  onOpenDashboard: () => void;
  /** Absent when updates are off (development build, no feed). */
  onCheckForUpdates?: () => void;
  onOpenWebsite?: () => void;
};

type Role = NonNullable<MenuItemConstructorOptions['role']>;

/** Quitting is "Quit <app>" on macOS, "Exit" on Windows, "Quit" elsewhere, as each system says it. */
function quitKey(platform: NodeJS.Platform): string {
  if (platform === 'darwin') return 'quitApp';
  return platform === 'win32' ? 'exit' : 'quit';
}

export function buildMenuTemplate(o: MenuOptions): MenuItemConstructorOptions[] {
  const mac = o.platform === 'darwin';
  const sep: MenuItemConstructorOptions = { type: 'separator' };
  /** A role item with its label in the app's language. */
  const role = (name: Role): MenuItemConstructorOptions => {
    const key = name === 'quit' ? quitKey(o.platform) : name;
    return { role: name, label: o.t(`desktop.menu.roles.${key}`, { app: o.appName }) };
  };
  const connection: MenuItemConstructorOptions[] = [
    {
      id: 'open-dashboard',
      label: o.t('desktop.menu.dashboard'),
      accelerator: 'CmdOrCtrl+Shift+D',
      click: o.onOpenDashboard,
    },
    { id: 'change-server', label: o.t('desktop.menu.changeServer'), click: o.onChangeServer },
  ];
  const updates: MenuItemConstructorOptions[] = o.onCheckForUpdates
    ? [
        {
          id: 'check-updates',
          label: o.t('desktop.menu.checkForUpdates'),
          click: o.onCheckForUpdates,
        },
      ]
    : [];

  const appMenu: MenuItemConstructorOptions = {
    label: o.appName,
    submenu: [
      role('about'),
      ...updates,
      sep,
      role('services'),
      sep,
      role('hide'),
      role('hideOthers'),
      role('unhide'),
      sep,
      role('quit'),
    ],
  };
  const file: MenuItemConstructorOptions = {
    label: o.t('desktop.menu.file'),
    submenu: [...connection, sep, mac ? role('close') : role('quit')],
  };
  const edit: MenuItemConstructorOptions = {
    label: o.t('desktop.menu.edit'),
    submenu: [
      role('undo'),
      role('redo'),
      sep,
      role('cut'),
      role('copy'),
      role('paste'),
      role('pasteAndMatchStyle'),
      role('delete'),
      role('selectAll'),
    ],
  };
  const view: MenuItemConstructorOptions = {
    label: o.t('desktop.menu.view'),
    submenu: [
      role('reload'),
      role('forceReload'),
      ...(o.isDev ? [role('toggleDevTools')] : []),
      sep,
      role('resetZoom'),
      role('zoomIn'),
      role('zoomOut'),
      sep,
      role('togglefullscreen'),
    ],
  };
  const windowMenu: MenuItemConstructorOptions = {
    label: o.t('desktop.menu.window'),
    submenu: mac
      ? [role('minimize'), role('zoom'), sep, role('front')]
      : [role('minimize'), role('close')],
  };
  const help: MenuItemConstructorOptions = {
    label: o.t('desktop.menu.help'),
    role: 'help',
    submenu: [
      ...(o.onOpenWebsite
        ? [{ id: 'open-website', label: o.t('desktop.menu.openWebsite'), click: o.onOpenWebsite }]
        : []),
      ...(mac ? [] : updates),
      ...(mac ? [] : [role('about')]),
    ],
  };
  return [...(mac ? [appMenu] : []), file, edit, view, windowMenu, help];
}
