/**
 * The version of everything the public sees (articles, their translations,
 * images, what is scheduled): bumped by every content write, read by the
 * caches of rendered pages and public API answers, which drop what they hold
 * when it moves. A render that started before a bump is never stored after it.
 */
export type ContentVersion = {
  current(): number;
  /** A content write happened: every cached public answer is stale from now on. */
  bump(reason: string): void;
  /** Called after every bump (several instances: a peer's bump arrives here too). */
  onChange(listener: (version: number, reason: string) => void): () => void;
};

export function createContentVersion(): ContentVersion {
  let version = 0;
  const listeners = new Set<(version: number, reason: string) => void>();
  return {
    current: () => version,
    bump(reason) {
      version += 1;
      for (const listener of listeners) listener(version, reason);
    },
    onChange(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
