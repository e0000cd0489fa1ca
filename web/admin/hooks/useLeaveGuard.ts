import { useEffect, useLayoutEffect, useRef, useSyncExternalStore } from 'react';

/** How many forms on the page hold unsaved work (`useLeaveGuard(true)`), with copy text or not. */
let unsavedCount = 0;
/** The unsaved work of the forms on the page that can say it as text (`copy`). */
const copies = new Set<{ current: () => string }>();
const watchers = new Set<() => void>();
const subscribe = (watcher: () => void) => {
  watchers.add(watcher);
  return () => watchers.delete(watcher);
};
const changed = () => {
  for (const watcher of watchers) watcher();
};
/** The page is being left on purpose, its question answered already (`leavePage`). */
let leaving = false;

/**
 * While `unsaved` is true, leaving the page (a reload, closing the tab or
 * the desktop window, the desktop menu's "Open dashboard" or "Change
 * server") asks first: the browser asks its own question, the desktop app
 * its translated one. Moves inside the dashboard do not unload the page:
 * for those to another admin page the dashboard asks itself
 * (hasUnsavedWork, LeaveBlocker). `copy` says the unsaved work as text,
 * for a page that can no longer save it to offer it to copy
 * (useUnsavedWork, AdminScreen).
 */
export function useLeaveGuard(unsaved: boolean, copy?: () => string): void {
  // A layout effect, like the copies': once a save clears `unsaved`, the count drops in that very
  // commit, before an effect of it could navigate.
  useLayoutEffect(() => {
    if (!unsaved) return;
    unsavedCount += 1;
    return () => {
      unsavedCount -= 1;
    };
  }, [unsaved]);

  useEffect(() => {
    if (!unsaved) return;
    const stay = (event: BeforeUnloadEvent) => {
      if (leaving) return;
      event.preventDefault();
      // Browsers before preventDefault() was honoured here ask only when this is set.
      event.returnValue = true;
    };
    window.addEventListener('beforeunload', stay);
    return () => window.removeEventListener('beforeunload', stay);
  }, [unsaved]);

  const latest = useRef(copy ?? (() => ''));
  useLayoutEffect(() => {
    latest.current = copy ?? (() => '');
  });
  const copyable = Boolean(copy);
  useLayoutEffect(() => {
    if (!unsaved || !copyable) return;
    copies.add(latest);
    changed();
    return () => {
      copies.delete(latest);
      changed();
    };
  }, [unsaved, copyable]);
}

/** Whether any form on the page holds unsaved work, asked when the admin is about to leave it. */
export function hasUnsavedWork(): boolean {
  return unsavedCount > 0;
}

/**
 * Whether a form on the page holds unsaved work it can say as text, and
 * that text (every such form's, one after the other).
 */
export function useUnsavedWork(): { unsaved: boolean; text: () => string } {
  const unsaved = useSyncExternalStore(
    subscribe,
    () => copies.size > 0,
    () => false,
  );
  return {
    unsaved,
    text: () => [...copies].map((copy) => copy.current()).join('\n\n'),
  };
}

/**
 * The navigation state of a move away made on purpose, which does not ask
 * (LeaveBlocker): a sign-out the admin has already answered the question
 * for, a session the server ended. Spread into the state given to
 * `navigate`.
 */
export const LEAVE_UNASKED = { leaveUnasked: true } as const;

/** Whether a navigation's state says it leaves on purpose (`LEAVE_UNASKED`). */
export const leavesUnasked = (state: unknown): boolean =>
  typeof state === 'object' &&
  state !== null &&
  'leaveUnasked' in state &&
  state.leaveUnasked === true;

/**
 * Loads `url` in place of the page (a full load: nothing the page holds
 * stays), after the admin has answered the dashboard's own question about
 * its unsaved work (LeaveQuestion): the browser, or the desktop app, does
 * not ask a second time.
 */
export function leavePage(url: string): void {
  leaving = true;
  window.location.assign(url);
}
