/**
 * Leaving the page as a reload, a closed tab or the desktop app's menu
 * does: fires `beforeunload` and tells whether the page asked to stay
 * (the browser, or the desktop app, then asks the user).
 */
export function leavingIsQuestioned(): boolean {
  const event = new Event('beforeunload', { cancelable: true });
  window.dispatchEvent(event);
  return event.defaultPrevented;
}
