import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router-dom';

/**
 * Moves the focus to the heading of a page the site's script shows without a
 * page load (a link followed after hydration, another page of the news
 * list), else to the content: a screen reader announces the new page, and
 * the keyboard goes on from its top instead of from a link that may be gone.
 * The page first shown keeps the browser's focus, and so does a change of
 * the address's `#` alone (the skip link, an in-page jump). The heading
 * becomes focusable from script only (`tabindex="-1"`), shows no ring
 * (site.css), and is not scrolled to: the page sees to its scroll.
 */
export function PageFocus() {
  const { pathname, search } = useLocation();
  const shown = useRef<string | null>(null);
  useEffect(() => {
    const address = `${pathname}${search}`;
    const first = shown.current === null;
    if (first || shown.current === address) {
      shown.current = address;
      return;
    }
    shown.current = address;
    const main = document.getElementById('main');
    const target = main?.querySelector<HTMLElement>('h1') ?? main;
    if (!target) return;
    if (!target.hasAttribute('tabindex')) target.setAttribute('tabindex', '-1');
    target.focus({ preventScroll: true });
  }, [pathname, search]);
  return null;
}
