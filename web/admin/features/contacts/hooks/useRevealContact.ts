import { useEffect } from 'react';
import { useSearchParams } from 'react-router-dom';

/** The query parameter of a link to one enquiry (the staff alert's `?tab=contacts&contact=<id>`). */
export const CONTACT_PARAM = 'contact';

/**
 * Opened from a link to one enquiry: once the list is on screen (`ready`),
 * scrolls its card into view and moves focus to it, then drops the
 * parameter so a later reload or list refresh leaves the view alone.
 */
export function useRevealContact(ready: boolean): void {
  const [params, setParams] = useSearchParams();
  const id = params.get(CONTACT_PARAM);
  useEffect(() => {
    if (!ready || id === null) return;
    const card = document.getElementById(`contact-${id}`);
    if (card) {
      card.scrollIntoView({ block: 'center' });
      card.focus({ preventScroll: true });
    }
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete(CONTACT_PARAM);
        return next;
      },
      { replace: true },
    );
  }, [ready, id, setParams]);
}
