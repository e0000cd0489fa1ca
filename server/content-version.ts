import { systemClock, type Clock } from './clock';

/**
 * The version of everything the public sees (articles, their translations,
 * images, what is scheduled): bumped by every content write, read by the
 * caches of rendered pages and public API answers, which drop what they hold
 * when it moves. A render that started before a bump is never stored after it.
 *
 * This is the one place content changes are announced: every service write
 * that changes what the public sees calls `changed` once it is committed,
 * and answers only after (so the writer's next request here already misses;
 * another instance hears of it by NOTIFY, some milliseconds after the
 * commit); scheduled publication moves it by the clock
 * (`expireAt`). With several instances a publisher
 * (`db/content-broadcast.ts`, PostgreSQL NOTIFY) tells the others, whose
 * caches move through `moved`.
 */
export type ContentVersion = {
  current(): number;
  /**
   * A content write happened here (`what` says which, for the log): every
   * cached public answer is stale from now on (at once, locally). Resolves
   * when the other instances have been told; never rejects (a failed
   * broadcast is logged by the publisher).
   */
  changed(what: string): Promise<void>;
  /** Another instance wrote (or may have, while it could not be heard): drop caches, tell nobody. */
  moved(reason: string): void;
  /**
   * Other instances' writes cannot be heard now (the publisher's listening
   * connection is down): moves once (`reason`), and from then on every read
   * is a new version, without telling the listeners, so nothing is kept or
   * served from a cache that follows it until `heard()`.
   */
  unheard(reason: string): void;
  /** Other instances are heard again: the version holds still between moves, as before. */
  heard(): void;
  /**
   * Public content changes by itself at `at` (the next scheduled
   * publication), or never (null): the version moves at that moment, on the
   * first read at or after it (so no cached answer outlives it by even a
   * millisecond), or when the scheduler's timer gets there first. Every
   * instance keeps its own schedule, so this move is not broadcast. A time
   * at or before one that has already moved the version is ignored: it comes
   * from a lookup that began before that moment, and moving again would
   * empty the caches twice for one publication.
   */
  expireAt(at: Date | null): void;
  /** Called after every move, local or from a peer. */
  onChange(listener: (version: number, reason: string) => void): () => void;
  /** How bumps reach the other instances; set once at start, when there are others. */
  publishWith(publish: (reason: string) => Promise<void>): void;
};

/** What services see of the content version: they announce their writes, and hear of any. */
export type ContentChanges = Pick<ContentVersion, 'changed' | 'onChange'>;

export const SCHEDULED_REASON = 'scheduled publication';

export function createContentVersion(clock: Clock = systemClock): ContentVersion {
  let version = 0;
  let due: number | null = null;
  let passed = -Infinity;
  let publish: ((reason: string) => Promise<void>) | undefined;
  let deaf = false;
  const listeners = new Set<(version: number, reason: string) => void>();
  const move = (reason: string) => {
    version += 1;
    for (const listener of listeners) listener(version, reason);
  };
  return {
    current() {
      if (due !== null && clock().getTime() >= due) {
        passed = due;
        due = null;
        move(SCHEDULED_REASON);
      }
      // Whatever was read before may be stale already: a render is never kept, a lookup redone.
      if (deaf) version += 1;
      return version;
    },
    async changed(what) {
      move(what);
      if (publish) await publish(what).catch(() => undefined);
    },
    expireAt(at) {
      if (at === null) due = null;
      else if (at.getTime() > passed) due = at.getTime();
    },
    moved: move,
    unheard(reason) {
      deaf = true;
      move(reason);
    },
    heard() {
      deaf = false;
    },
    onChange(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    publishWith(next) {
      publish = next;
    },
  };
}
