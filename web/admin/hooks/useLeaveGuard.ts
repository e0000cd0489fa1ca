import { useEffect } from 'react';

/**
 * While `unsaved` is true, leaving the page (a reload, closing the tab or
 * the desktop window, the desktop menu's "Open dashboard" or "Change
 * server") asks first: the browser asks its own question, the desktop app
 * its translated one. Moves inside the dashboard do not unload the page.
 */
export function useLeaveGuard(unsaved: boolean): void {
  useEffect(() => {
    if (!unsaved) return;
    const stay = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      // Browsers before preventDefault() was honoured here ask only when this is set.
      event.returnValue = true;
    };
    window.addEventListener('beforeunload', stay);
    return () => window.removeEventListener('beforeunload', stay);
  }, [unsaved]);
}
