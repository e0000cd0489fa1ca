import { systemClock, type Clock } from './clock';

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
  /**
   * Public content changes by itself at `at` (the next scheduled
   * publication), or never (null): the version moves at that moment, on the
   * first read at or after it (so no cached answer outlives it by even a
   * millisecond), or when the scheduler's timer gets there first.
   */
  expireAt(at: Date | null): void;
  /** Called after every bump (several instances: a peer's bump arrives here too). */
  onChange(listener: (version: number, reason: string) => void): () => void;
};

export const SCHEDULED_REASON = 'scheduled publication';

export function createContentVersion(clock: Clock = systemClock): ContentVersion {
  let version = 0;
  let due: number | null = null;
  const listeners = new Set<(version: number, reason: string) => void>();
  const bump = (reason: string) => {
    version += 1;
    for (const listener of listeners) listener(version, reason);
  };
  return {
    current() {
      if (due !== null && clock.now().getTime() >= due) {
        due = null;
        bump(SCHEDULED_REASON);
      }
      return version;
    },
    bump,
    expireAt(at) {
      due = at === null ? null : at.getTime();
    },
    onChange(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
