import { useCallback, useEffect, useRef, type RefObject } from 'react';
import { focusables } from '../../../hooks/useFocusTrap';

/** The enquiry whose card holds `element`, if any (ContactCard's `contact-<id>`). */
const cardOf = (element: EventTarget | null): number | null => {
  const card = element instanceof Element ? element.closest('li[id^="contact-"]') : null;
  return card ? Number(card.id.slice('contact-'.length)) : null;
};

/** What the list hands the question a card leaves through (Delete, confirmed). */
export type LeavingThroughQuestion = {
  /** Names the card the question is about, before it is answered; null when it is cancelled. */
  leaving(id: number | null): void;
  /** For the question's dialog (`returnFocusTo`): where its focus goes back to once it closes. */
  returnFocusTo: RefObject<HTMLElement | null>;
};

/**
 * Keeps the keyboard on the list when the card that had the focus leaves it
 * (Mark as spam, Not spam, or Mark as read or replied under a filter took it
 * off, or a refresh did) and the focus fell to the page: it goes to the
 * first control of the card that followed, else of the one before, else
 * (the list is empty) to the tab's heading (`data-focus-fallback`). A card
 * drawn elsewhere on the page (kept open for a reply) is left to take the
 * focus there. `ids`: the list's enquiries, in order.
 *
 * A card that leaves through a question (Delete) is named beforehand: it
 * may go while the question is still open (the page behind it inert, so
 * its dialog gives the focus to that neighbour when it closes:
 * `returnFocusTo`) or as it closes (after the dialog gave the focus to the
 * heading, for the card it came from had gone).
 */
export function useFocusKeptInList(ids: readonly number[]): LeavingThroughQuestion {
  const shown = ids.join();
  const before = useRef<number[]>([]);
  const lastFocused = useRef<number | null>(null);
  const named = useRef<number | null>(null);
  const returnFocusTo = useRef<HTMLElement | null>(null);

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
    const gone = (id: number | null): id is number =>
      id !== null && previous.includes(id) && !current.includes(id);
    const asked = named.current;
    let left: number;
    if (gone(asked)) {
      named.current = null;
      left = asked;
    } else {
      const focused = document.activeElement;
      if (focused !== null && focused !== document.body) return;
      const last = lastFocused.current;
      if (!gone(last)) return;
      left = last;
    }
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
    // Still asking: the dialog gives the focus back when it closes; closed with the card: now.
    if (left === asked && document.activeElement?.closest('[aria-modal="true"]')) {
      returnFocusTo.current = target;
    } else {
      target?.focus();
    }
  }, [shown]);

  const leaving = useCallback((id: number | null) => {
    named.current = id;
    returnFocusTo.current = null;
  }, []);
  return { leaving, returnFocusTo };
}
