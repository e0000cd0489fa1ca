import { useEffect, useState } from 'react';

/**
 * The current time, renewed every `intervalMs` (a minute unless told), for
 * texts that age: "5 minutes ago", "due soon". One timer per caller, so a
 * list asks once and hands the time to its items.
 */
export function useNow(intervalMs = 60_000): Date {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = setInterval(() => setNow(new Date()), intervalMs);
    return () => clearInterval(timer);
  }, [intervalMs]);
  return now;
}
