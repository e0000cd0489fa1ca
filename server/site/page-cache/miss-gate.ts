import type { ServerResponse } from 'node:http';

/**
 * Misses wait their turn here; the two kinds each have a queue of their own:
 * `keyed` answers will be kept (the set of them is bounded by the site's
 * content), `unkept` ones never are (anything past the last page, unknown
 * addresses, other hosts, signed-in visitors). Keyed ones go first.
 */
export type MissKind = 'keyed' | 'unkept';

export type MissGate = {
  /**
   * Runs `render` (which answers `res`) now, or once its turn comes; calls
   * `refuse` instead when too many already wait. A client that goes away
   * while waiting is dropped from the queue.
   */
  admit(kind: MissKind, res: ServerResponse, render: () => void, refuse: () => void): void;
  stats(): { running: number; waiting: number; refused: number };
};

export type MissGateOptions = {
  /** Misses rendered at the same time. */
  concurrency: number;
  /** Misses that may wait; more are refused. */
  queue: number;
  /**
   * The most of the server's time misses may take while others wait: after
   * a miss that took `t` ms (at most MAX_COUNTED_MS), the next waits
   * `t * (1 / share - 1)` ms.
   */
  share: number;
};

export const DEFAULT_GATE: MissGateOptions = { concurrency: 1, queue: 1024, share: 1 / 3 };

/**
 * The longest a miss is counted as taking. A render costs a few
 * milliseconds of the server's own time; one that takes longer waited for
 * something else (the database, a machine busy with other work), which
 * more waiting between misses would not give back to cached pages.
 */
export const MAX_COUNTED_MS = 50;

/**
 * The one way into rendering for anything the page cache does not hold.
 * A hit costs tens of microseconds; a render milliseconds, and an attacker
 * can ask for endless addresses that are never kept. While misses wait, the
 * gate lets them take at most `share` of the time (measured per miss, from
 * its start to its answer's end, on a clock that a busy server slows down),
 * so cached pages keep the rest, and the wait is a queue, not a refusal,
 * until it is long. A miss that finds the gate free starts at once: a quiet
 * site renders without delay.
 */
export function createMissGate(options: MissGateOptions = DEFAULT_GATE): MissGate {
  const waiting: Record<MissKind, Waiter[]> = { keyed: [], unkept: [] };
  let running = 0;
  let refused = 0;
  /** No miss starts before this (performance.now()), while others wait. */
  let nextStart = 0;
  let timer: NodeJS.Timeout | undefined;

  const queued = () => waiting.keyed.length + waiting.unkept.length;

  function start(waiter: Waiter): void {
    running += 1;
    const started = performance.now();
    waiter.res.once('close', () => {
      running -= 1;
      const took = Math.min(performance.now() - started, MAX_COUNTED_MS);
      nextStart = Math.max(nextStart, performance.now() + took * (1 / options.share - 1));
      pump();
    });
    waiter.render();
  }

  function pump(): void {
    while (running < options.concurrency && queued() > 0) {
      const wait = nextStart - performance.now();
      if (wait > 0) {
        timer ??= setTimeout(() => {
          timer = undefined;
          pump();
        }, wait);
        return;
      }
      const next = waiting.keyed.shift() ?? waiting.unkept.shift()!;
      // Gone while waiting (the client closed): nothing to render.
      if (next.res.destroyed) continue;
      start(next);
    }
  }

  return {
    admit(kind, res, render, refuse) {
      if (running < options.concurrency && queued() === 0 && performance.now() >= nextStart) {
        start({ res, render });
        return;
      }
      if (queued() >= options.queue) {
        refused += 1;
        refuse();
        return;
      }
      waiting[kind].push({ res, render });
      pump();
    },
    stats: () => ({ running, waiting: queued(), refused }),
  };
}

type Waiter = { res: ServerResponse; render: () => void };
