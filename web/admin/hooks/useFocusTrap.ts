import { useEffect, useLayoutEffect, useRef, type RefObject } from 'react';

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]):not([type="hidden"]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

/**
 * The controls in `container` that Tab reaches, in order. A page made inert around it (behind
 * a dialog) does not count: that passes, the container's own inert parts stay out.
 */
export function focusables(container: HTMLElement): HTMLElement[] {
  return Array.from(container.querySelectorAll<HTMLElement>(FOCUSABLE)).filter((el) => {
    const inert = el.closest('[inert]');
    return (!inert || !container.contains(inert)) && el.getAttribute('aria-hidden') !== 'true';
  });
}

/** Open traps, innermost last: only the innermost one (a confirmation over a form) handles keys. */
const traps: object[] = [];

/**
 * While `active`: moves focus into `container` (the `[data-autofocus]` element,
 * else the first control), keeps Tab and Shift+Tab inside it, calls `onEscape`
 * on Escape, and on release gives focus back to whatever had it before (or to
 * what `returnTo` names then, when it names something), falling back to `[data-focus-fallback]` when focus
 * would otherwise be lost. A trap opened on top of another takes over until it closes.
 */
export function useFocusTrap(
  container: RefObject<HTMLElement | null>,
  active: boolean,
  onEscape: () => void,
  returnTo?: RefObject<HTMLElement | null>,
): void {
  const escape = useRef(onEscape);
  // Kept current as the keys are: in the commit that renders it.
  useLayoutEffect(() => {
    escape.current = onEscape;
  });

  // Keys, in a layout effect: the trap holds from the commit that puts the
  // dialog on screen. As a passive effect it waited for a later task when the
  // dialog came from a network answer (an AI draft opening the article form),
  // and an Escape pressed meanwhile went to the dialog that had just closed.
  useLayoutEffect(() => {
    const root = container.current;
    if (!active || !root) return;
    const self = {};
    traps.push(self);
    const onKeyDown = (event: KeyboardEvent) => {
      if (traps.at(-1) !== self) return;
      if (event.key === 'Escape') {
        event.stopPropagation();
        escape.current();
        return;
      }
      if (event.key !== 'Tab') return;
      const items = focusables(root);
      if (items.length === 0) {
        event.preventDefault();
        return;
      }
      const [head, tail] = [items[0]!, items[items.length - 1]!];
      const current = document.activeElement;
      if (event.shiftKey && (current === head || !root.contains(current))) {
        event.preventDefault();
        tail.focus();
      } else if (!event.shiftKey && (current === tail || !root.contains(current))) {
        event.preventDefault();
        head.focus();
      }
    };
    // On the document, so keys still count after the focused control became disabled.
    document.addEventListener('keydown', onKeyDown);
    return () => {
      document.removeEventListener('keydown', onKeyDown);
      traps.splice(traps.indexOf(self), 1);
    };
  }, [active, container]);

  // Focus, in a passive effect: when a dialog and the one opened over it close
  // together, every layout effect has made the page interactive again (Modal's
  // `inert`) before either gives focus back into it.
  useEffect(() => {
    const root = container.current;
    if (!active || !root) return;
    const before = document.activeElement as HTMLElement | null;
    // The ref itself, read at release: what it names may be set while the dialog is open.
    const returning = returnTo;
    const first =
      root.querySelector<HTMLElement>('[data-autofocus]') ?? focusables(root)[0] ?? root;
    first.focus();
    return () => {
      const focused = document.activeElement;
      const lost = !focused || focused === document.body || !focused.isConnected;
      const previous = returning?.current ?? before;
      if (previous?.isConnected) previous.focus();
      else if (lost) document.querySelector<HTMLElement>('[data-focus-fallback]')?.focus();
    };
  }, [active, container, returnTo]);
}
