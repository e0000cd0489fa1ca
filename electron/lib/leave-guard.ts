import type { Translate } from '#shared/languages';

/**
 * A page with unsaved changes asks to stay (`beforeunload`, see
 * web/admin/hooks/useLeaveGuard.ts). Electron never asks the user itself:
 * it emits `will-prevent-unload` and, unless told otherwise, simply stays,
 * so a reload, the menu's "Open dashboard" or closing the window would do
 * nothing at all. Here the user is asked, in the app's language; "Leave"
 * lets the page go, "Stay" (also Escape) keeps it and its changes.
 */

type Preventable = { preventDefault(): void; readonly defaultPrevented?: boolean };

/** The part of `WebContents` used here. */
export type UnloadingContents = {
  on(event: 'will-prevent-unload', listener: (event: Preventable) => void): unknown;
};

/** The part of `BrowserWindow` that `closeWindows` uses. */
export type ClosingWindow = {
  webContents: UnloadingContents & {
    removeListener(event: 'will-prevent-unload', listener: (event: Preventable) => void): unknown;
  };
  once(event: 'closed', listener: () => void): unknown;
  removeListener(event: 'closed', listener: () => void): unknown;
  close(): void;
  isDestroyed(): boolean;
};

/** Leave (0) or stay (1), staying by default. */
export function leaveQuestion(t: Translate) {
  return {
    type: 'question' as const,
    buttons: [t('desktop.leave.leave'), t('desktop.leave.stay')],
    defaultId: 1,
    cancelId: 1,
    noLink: true,
    title: t('desktop.leave.title'),
    message: t('desktop.leave.message'),
    detail: t('desktop.leave.detail'),
  };
}

/**
 * `ask` shows the question and returns the button chosen; it must answer
 * synchronously (`dialog.showMessageBoxSync`): Electron decides when the
 * event returns.
 */
export function confirmLeaving(
  contents: UnloadingContents,
  t: Translate,
  ask: (question: ReturnType<typeof leaveQuestion>) => number,
): void {
  contents.on('will-prevent-unload', (event) => {
    if (ask(leaveQuestion(t)) === 0) event.preventDefault();
  });
}

/**
 * Closes `windows` one after the other as the user would, so a page with
 * unsaved changes asks first: `confirmLeaving`, registered when the window
 * was made, answers before the listener here looks at its answer. `then`
 * runs once the last one has closed, inside its `closed` event, so before
 * Electron quits the app for want of windows. If the user stays, that
 * window and the ones after it stay open and `then` never runs.
 */
export function closeWindows(windows: ClosingWindow[], then: () => void): void {
  const [first, ...rest] = windows.filter((win) => !win.isDestroyed());
  if (!first) return then();
  const contents = first.webContents;
  const closed = () => {
    contents.removeListener('will-prevent-unload', stayed);
    closeWindows(rest, then);
  };
  const stayed = (event: Preventable) => {
    if (event.defaultPrevented) return;
    contents.removeListener('will-prevent-unload', stayed);
    first.removeListener('closed', closed);
  };
  contents.on('will-prevent-unload', stayed);
  first.once('closed', closed);
  first.close();
}
