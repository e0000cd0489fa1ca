import type { Translate } from '#shared/languages';

/**
 * What the user hears from the auto-updater, in the app's language:
 * electron-updater's own notice is English only, and its errors reached
 * nothing but the console. A found update is announced while it downloads;
 * a downloaded one offers a restart; a failed download says so. "Nothing
 * new" and a failed check are only told after "Check for updates…": the
 * background check every few hours stays quiet about them. Without that
 * menu click each version is announced, offered and reported failed once.
 */

type UpdateInfo = { version: string };

/** The part of electron-updater's `autoUpdater` this uses. */
export type Updater = {
  on(
    event: 'update-available' | 'update-not-available' | 'update-downloaded',
    listener: (info: UpdateInfo) => void,
  ): unknown;
  on(event: 'error', listener: (error: Error) => void): unknown;
  checkForUpdates(): Promise<unknown>;
  quitAndInstall(): void;
};

/** A native question box's options (`dialog.showMessageBox`). */
export type Question = {
  type: 'question';
  buttons: string[];
  defaultId: number;
  cancelId: number;
  noLink: true;
  title: string;
  message: string;
  detail: string;
};

export type UpdateNoticeDeps = {
  /** Translates in the app's current language, asked each time a notice is shown. */
  t: Translate;
  appVersion: () => string;
  notify: (title: string, body: string) => void;
  /** Shows the question; resolves with the index of the button chosen. */
  ask: (question: Question) => Promise<number>;
  warn: (message: string) => void;
  /**
   * Closes the app's windows as the user would (`closeWindows` in
   * leave-guard.ts), calling `then` once they have all closed; never if the
   * user stays on a page with unsaved changes.
   */
  closeWindows: (then: () => void) => void;
};

/**
 * Restart now (0) or later (1), later by default: a downloaded update is
 * installed on quit anyway, and Enter should not close the app.
 */
export function restartQuestion(t: Translate, version: string): Question {
  return {
    type: 'question',
    buttons: [t('desktop.updates.restartNow'), t('desktop.updates.later')],
    defaultId: 1,
    cancelId: 1,
    noLink: true,
    title: t('desktop.updates.readyTitle'),
    message: t('desktop.updates.readyMessage', { version }),
    detail: t('desktop.updates.readyDetail'),
  };
}

export function watchUpdates(updater: Updater, deps: UpdateNoticeDeps) {
  const { t } = deps;
  // Set by "Check for updates…" until that check has had its answer.
  let manual = false;
  // The version being downloaded, if any: an error now is a failed download.
  let downloading: string | null = null;
  const told = new Set<string>();
  /** Whether to tell `what` about `version`: after a manual check always, else once. */
  const tell = (what: string, version: string) => {
    const first = !told.has(`${what} ${version}`);
    told.add(`${what} ${version}`);
    return manual || first;
  };

  updater.on('update-available', ({ version }) => {
    downloading = version;
    if (tell('available', version)) {
      deps.notify(
        t('desktop.updates.availableTitle'),
        t('desktop.updates.availableBody', { version }),
      );
    }
  });
  updater.on('update-not-available', () => {
    if (manual) {
      deps.notify(
        t('desktop.updates.noneTitle'),
        t('desktop.updates.noneBody', { version: deps.appVersion() }),
      );
    }
    manual = false;
  });
  updater.on('update-downloaded', ({ version }) => {
    downloading = null;
    const offer = tell('downloaded', version);
    manual = false;
    if (!offer) return;
    void deps.ask(restartQuestion(t, version)).then((chosen) => {
      // The installer ends the app at once (Windows), so the windows close first,
      // asking about unsaved changes; if the user stays, it is installed on quit.
      if (chosen === 0) deps.closeWindows(() => updater.quitAndInstall());
    });
  });
  updater.on('error', (error) => {
    deps.warn(`Update failed: ${error.message}`);
    if (downloading !== null) {
      if (tell('failed', downloading)) {
        deps.notify(
          t('desktop.updates.downloadFailedTitle'),
          t('desktop.updates.downloadFailedBody', { version: downloading }),
        );
      }
    } else if (manual) {
      deps.notify(t('desktop.updates.failedTitle'), t('desktop.updates.failedBody'));
    }
    downloading = null;
    manual = false;
  });

  // A failed check also rejects; the 'error' event has already told it.
  const check = () => void updater.checkForUpdates().catch(() => undefined);
  return {
    /** The background check: quiet unless there is an update. */
    check,
    /** "Check for updates…": every answer is shown. */
    checkNow: () => {
      manual = true;
      check();
    },
  };
}
