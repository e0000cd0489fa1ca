/**
 * How a public page says it has been hydrated: an attribute on `<html>`
 * (outside React's root, so it never disturbs hydration) and an event on the
 * document. The page's loader (hydrate-on-intent) waits for the event to
 * replay a button pressed before the scripts were there; tests wait for the
 * attribute.
 */
export const HYDRATED_ATTRIBUTE = 'data-hydrated';
export const HYDRATED_EVENT = 'site:hydrated';

/** Marks the page as hydrated (called once, after React's first commit). */
export function markHydrated(doc: Document = document): void {
  doc.documentElement.setAttribute(HYDRATED_ATTRIBUTE, '');
  doc.dispatchEvent(new Event(HYDRATED_EVENT));
}
