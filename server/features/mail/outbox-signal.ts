/**
 * The in-process nudge from the code that queues mail to the worker that
 * sends it: "new rows are committed, look now" instead of at the next poll.
 */
export type OutboxSignal = {
  notify(): void;
  subscribe(listener: () => void): () => void;
};

export function createOutboxSignal(): OutboxSignal {
  const listeners = new Set<() => void>();
  return {
    notify: () => listeners.forEach((listener) => listener()),
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
