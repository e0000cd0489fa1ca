/**
 * One running copy of the app: it holds the admin session's cookie jar and
 * the settings file, so a second launch hands over to the first and quits.
 */

/** The part of Electron's `app` this needs. */
export type InstanceApp = {
  requestSingleInstanceLock(): boolean;
  quit(): void;
  on(event: 'second-instance' | 'window-all-closed', listener: () => void): unknown;
};

/**
 * Returns whether this copy is the one that runs. The other copy quits at
 * once; the running one brings its window forward when launched again and
 * quits when its window is closed.
 */
export function claimSingleInstance(app: InstanceApp, focus: () => void): boolean {
  if (!app.requestSingleInstanceLock()) {
    app.quit();
    return false;
  }
  app.on('second-instance', () => focus());
  app.on('window-all-closed', () => app.quit());
  return true;
}
