import { useEffect, useRef } from 'react';
import { useLocation, useMatches } from 'react-router-dom';
import { addressLanguage, renderedLanguage } from '../lib/language';
import { sendPageView, shownView } from '../lib/page-views';

/**
 * Counts each page the site's script shows without a page load (a link
 * followed after hydration), once. The page the server sent was counted
 * when it was sent, so the page shown at hydration is not.
 */
export function PageViews() {
  const location = useLocation();
  const matches = useMatches();
  const counted = useRef(location.key);
  useEffect(() => {
    if (counted.current === location.key) return;
    counted.current = location.key;
    const language =
      addressLanguage(location.pathname, location.search) ?? renderedLanguage(document);
    const view = shownView(matches, language);
    if (view) void sendPageView(view);
    // The matches belong to the location: once per new location.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [location.key]);
  return null;
}
