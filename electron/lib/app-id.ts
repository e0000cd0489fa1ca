import builderConfig from '../../electron-builder.yml?raw';

/**
 * The app's identity on Windows. An installed app's notifications show
 * only when the running app names the id its Start-menu shortcut carries:
 * the NSIS installer gives the shortcut electron-builder's `appId`, while
 * Electron, unless told, runs as `electron.app.Electron`, so Windows 10 and
 * 11 drop the toasts of new enquiries (or file them under that name). The
 * id is read from electron-builder.yml, bundled in at build time, so the
 * installer and the app cannot disagree.
 */

/** `appId` of an electron-builder.yml, as electron-builder reads it (a plain top-level scalar). */
export function builderAppId(config: string): string {
  const id = /^appId:[ \t]*(["']?)([\w.-]+)\1[ \t]*(?:#.*)?$/m.exec(config)?.[2];
  if (!id) throw new Error('electron-builder.yml names no appId');
  return id;
}

export const APP_ID = builderAppId(builderConfig);

/** The part of Electron's `app` used here. */
export type IdentifiedApp = { isPackaged: boolean; setAppUserModelId(id: string): void };

/**
 * Gives the installed app, on Windows, the id its installer's shortcut
 * carries. Elsewhere there is nothing to do; a development run has no such
 * shortcut and keeps Electron's own id.
 */
export function claimAppId(app: IdentifiedApp, platform: NodeJS.Platform, id = APP_ID): void {
  if (platform === 'win32' && app.isPackaged) app.setAppUserModelId(id);
}
