import { useEffect, useState } from 'react';

const TOKEN = /^[A-Za-z0-9_-]{20,100}$/;

/**
 * The one-time token a link carries after its `#` (browsers never send that
 * part to a server, so no log keeps it). Read once, then taken out of the
 * address bar and the history entry.
 */
export function useLinkToken(): string {
  const [token] = useState(() => {
    const value = window.location.hash.replace(/^#/, '');
    return TOKEN.test(value) ? value : '';
  });
  useEffect(() => {
    if (!window.location.hash) return;
    const { pathname, search } = window.location;
    window.history.replaceState(window.history.state, '', pathname + search);
  }, []);
  return token;
}
