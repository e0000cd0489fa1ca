import { useEffect, type RefObject } from 'react';

/**
 * While `open`, a pointer press outside `container` or the Escape key calls
 * `close`, telling it whether Escape did it (menus then give focus back to
 * their button). Menus and the site's mobile menu use it alike.
 */
export function useDismiss(
  container: RefObject<HTMLElement | null>,
  open: boolean,
  close: (byEscape: boolean) => void,
) {
  useEffect(() => {
    if (!open) return;
    const onPointer = (event: PointerEvent) => {
      if (container.current && !container.current.contains(event.target as Node)) close(false);
    };
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') close(true);
    };
    document.addEventListener('pointerdown', onPointer);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('pointerdown', onPointer);
      document.removeEventListener('keydown', onKey);
    };
  }, [container, open, close]);
}
