import { useEffect, useRef } from 'react';
import { focusables } from '../../../hooks/useFocusTrap';

/** The enquiry whose card holds `element`, if any (ContactCard's `contact-<id>`). */
const cardOf = (element: EventTarget | null): number | null => {
  const card = element instanceof Element ? element.closest('li[id^="contact-"]') : null;
  return card ? Number(card.id.slice('contact-'.length)) : null;
};

/**
 * Keeps the keyboard on the list when the card that had the focus leaves it
 * (Mark as spam, Not spam, or Mark as read or replied under a filter took it
 * off, or a refresh did) and the focus fell to the page: it goes to the
 * first control of the card that followed, else of the one before, else
 * (the list is empty) to the tab's heading (`data-focus-fallback`). A card
 * drawn elsewhere on the page (kept open for a reply) is left to take the
 * focus there. `ids`: the list's enquiries, in order.
 */
export function useFocusKeptInList(ids: readonly number[]): void {
  const shown = ids.join();
  const before = useRef<number[]>([]);
  const lastFocused = useRef<number | null>(null);

  useEffect(() => {
    const onFocus = (event: FocusEvent) => {
      lastFocused.current = cardOf(event.target);
    };
    document.addEventListener('focusin', onFocus);
    return () => document.removeEventListener('focusin', onFocus);
  }, []);

  useEffect(() => {
    const current = shown === '' ? [] : shown.split(',').map(Number);
    const previous = before.current;
    before.current = current;
    const focused = document.activeElement;
    if (focused !== null && focused !== document.body) return;
    const left = lastFocused.current;
    if (left === null || !previous.includes(left) || current.includes(left)) return;
    if (document.getElementById(`contact-${left}`)) return;
    const at = previous.indexOf(left);
    const neighbour =
      previous.slice(at + 1).find((id) => current.includes(id)) ??
      previous
        .slice(0, at)
        .reverse()
        .find((id) => current.includes(id));
    const card = neighbour === undefined ? null : document.getElementById(`contact-${neighbour}`);
    const target = card
      ? (focusables(card)[0] ?? card)
      : document.querySelector<HTMLElement>('[data-focus-fallback]');
    target?.focus();
  }, [shown]);
}
