import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router-dom';

/** A new page starts at the top (the news list scrolls itself, smoothly, on a page change). */
export function ScrollToTop() {
  const { pathname } = useLocation();
  const first = useRef(true);
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    window.scrollTo({ top: 0 });
  }, [pathname]);
  return null;
}
