import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router-dom';

/** The query parameter of a link to one enquiry (the staff alert's `?tab=contacts&contact=<id>`). */
export const CONTACT_PARAM = 'contact';

/** Scrolls an enquiry's card into view and gives it the focus; false when it is not on screen. */
export function focusContactCard(id: number | string): boolean {
  const card = document.getElementById(`contact-${id}`);
  if (!card) return false;
  card.scrollIntoView({ block: 'center' });
  card.focus({ preventScroll: true });
  return true;
}

/**
 * Opened from a link to one enquiry: once the list is on screen (`ready`),
 * scrolls its card into view and moves focus to it, then drops the
 * parameter so a later reload or list refresh leaves the view alone. An
 * enquiry that is not on the page shown (the inbox is in due order, so a
 * new one may sit on a later page) is answered as `linked`, for the tab to
 * show it above the list (`forget` once it is deleted).
 */
export function useRevealContact(ready: boolean): { linked: number | null; forget: () => void } {
  const [params, setParams] = useSearchParams();
  const [linked, setLinked] = useState<number | null>(null);
  const id = params.get(CONTACT_PARAM);
  useEffect(() => {
    if (!ready || id === null) return;
    if (!focusContactCard(id) && /^[1-9]\d{0,9}$/.test(id)) setLinked(Number(id));
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete(CONTACT_PARAM);
        return next;
      },
      { replace: true },
    );
  }, [ready, id, setParams]);
  return { linked, forget: () => setLinked(null) };
}
