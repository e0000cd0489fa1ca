import { useState } from 'react';

/**
 * A delete behind a confirmation dialog: the item awaiting confirmation, busy
 * while the call runs, cleared once it succeeded (kept open on failure).
 */
export function useConfirmedDelete<T>(remove: (item: T) => Promise<boolean>) {
  const [pending, setPending] = useState<T | null>(null);
  const [deleting, setDeleting] = useState(false);
  return {
    pending,
    deleting,
    ask: (item: T) => setPending(item),
    cancel: () => setPending(null),
    async confirm() {
      if (pending === null) return;
      setDeleting(true);
      const done = await remove(pending);
      setDeleting(false);
      if (done) setPending(null);
    },
  };
}
