/**
 * How a public page says it has been hydrated: an attribute on `<html>`
 * (outside React's root, so it never disturbs hydration) and an event on the
 * document. The page's loader (hydrate-on-intent) waits for the event to
 * replay a button pressed before the scripts were there; tests wait for the
 * attribute.
 */
export const HYDRATED_ATTRIBUTE = 'data-hydrated';
/**
 * Set on `<html>` by the loader as soon as it runs: from then on a button of
 * the page works (pressed before hydration, it is pressed again once
 * hydrated). Controls that do nothing without scripts are shown only under
 * it (site.css), so a visitor without JavaScript is not offered them.
 */
export const SCRIPTED_ATTRIBUTE = 'data-scripted';
export const HYDRATED_EVENT = 'site:hydrated';

/** Marks the page as hydrated (called once, after React's first commit). */
export function markHydrated(doc: Document = document): void {
  doc.documentElement.setAttribute(HYDRATED_ATTRIBUTE, '');
  doc.dispatchEvent(new Event(HYDRATED_EVENT));
}
