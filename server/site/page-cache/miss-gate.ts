import type { ServerResponse } from 'node:http';

/**
 * Misses wait their turn here; the two kinds each have a queue of their own:
 * `keyed` answers will be kept (the set of them is bounded by the site's
 * content), `unkept` ones never are (anything past the last page, unknown
 * addresses, other hosts, signed-in visitors). Keyed ones go first. The
 * contact form posted without JavaScript waits here too (site.router.ts):
 * as `keyed` once the contact limits let it through (they bound it per
 * network), as `unkept` when it was refused before.
 */
export type MissKind = 'keyed' | 'unkept';

export type MissGate = {
  /**
   * Runs `render` (which answers `res`) now, or once its turn comes; calls
   * `refuse` instead when too many already wait. A client that goes away
   * while waiting is dropped from the queue. A request pipelined behind an
   * answer its connection has not been sent yet joins the queue only once
   * that answer is out (Node then gives `res` the socket); at most
   * `pipelined` wait so on one connection, more are refused.
   */
  admit(kind: MissKind, res: ServerResponse, render: () => void, refuse: () => void): void;
  /**
   * The render of `res` has made its answer (handed it to Express to send):
   * its turn ends there, however long its client takes to read it.
   */
  rendered(res: ServerResponse): void;
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
  /**
   * Misses one connection may have waiting behind its earlier answers
   * (pipelined); more are refused. Node reads a connection's pipelined
   * requests ahead while its answers go out, and these write nothing while
   * they wait: this bounds what one connection can pile up.
   */
  pipelined: number;
  /**
   * The longest a miss keeps its turn, in ms, should neither its render
   * nor its answer end; an answer still waiting for its client to read it
   * then is cut, with its connection.
   */
  sendTimeout: number;
};

export const DEFAULT_GATE: MissGateOptions = {
  concurrency: 1,
  queue: 1024,
  share: 1 / 3,
  pipelined: 16,
  sendTimeout: 10_000,
};

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
 * its start to the end of its render, on a clock that a busy server slows
 * down), so cached pages keep the rest, and the wait is a queue, not a
 * refusal, until it is long. A miss that finds the gate free starts at
 * once: a quiet site renders without delay.
 *
 * A turn measures the server's work, never a client's reading: it ends
 * when the render hands its answer to Express (`rendered`, from the page
 * cache's capture), when the answer is ended (`prefinish`) or when its
 * connection closes, and after `sendTimeout` at the latest. The time the
 * answer then takes to go out (its compression, its write) still counts
 * toward the share once it is out (`finish`), without holding the turn. It ended on
 * `close` alone once, which comes when the client has read the answer: a
 * client reaching the port directly (no nginx buffering) that pipelined
 * misses and never read held the one turn for ever once the kernel's
 * buffers were full, and every other visitor's uncached page waited. Nor
 * is a miss pipelined behind an answer still on its way rendered: Node
 * would hold its answer (and its `prefinish`) until the earlier one is
 * out, so it waits off the queue until then, and a connection has at most
 * one miss in the queue however many it sends.
 */
export function createMissGate(given: Partial<MissGateOptions> = {}): MissGate {
  const options = { ...DEFAULT_GATE, ...given };
  const waiting: Record<MissKind, Waiter[]> = { keyed: [], unkept: [] };
  /** The misses rendering now, each with what ends its turn. */
  const turns = new Map<ServerResponse, () => void>();
  /** Misses waiting behind earlier answers on their connection, by connection. */
  const parked = new WeakMap<object, number>();
  let refused = 0;
  /** No miss starts before this (performance.now()), while others wait. */
  let nextStart = 0;
  let timer: NodeJS.Timeout | undefined;

  const queued = () => waiting.keyed.length + waiting.unkept.length;

  /** Holds the next start back by what a miss begun at `started` has taken so far. */
  function count(started: number): void {
    const took = Math.min(performance.now() - started, MAX_COUNTED_MS);
    nextStart = Math.max(nextStart, performance.now() + took * (1 / options.share - 1));
  }

  function start({ res, render }: Waiter): void {
    const started = performance.now();
    // What comes after the render (compression on zlib's threads, the write) costs the
    // server too: once the answer is out, its time counts toward the next start as well.
    const out = () => {
      res.off('finish', out);
      res.off('close', out);
      count(started);
    };
    const end = () => {
      if (!turns.delete(res)) return;
      clearTimeout(limit);
      res.off('prefinish', end);
      res.off('close', end);
      count(started);
      if (!res.writableFinished && !res.destroyed) {
        res.once('finish', out);
        res.once('close', out);
      }
      pump();
    };
    const limit = setTimeout(() => {
      end();
      // Made but not taken: a client that does not read keeps nothing of the server's.
      if (res.writableNeedDrain) res.destroy();
    }, options.sendTimeout);
    limit.unref();
    turns.set(res, end);
    res.once('prefinish', end);
    res.once('close', end);
    render();
  }

  function pump(): void {
    while (turns.size < options.concurrency && queued() > 0) {
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

  function refuseOne(refuse: () => void): void {
    refused += 1;
    refuse();
  }

  /** Waits until Node gives `res` its connection (the answers before it are out), then admits it. */
  function park(kind: MissKind, res: ServerResponse, render: () => void, refuse: () => void) {
    // Gone already (its connection closed while it waited for a render of the same answer).
    if (res.destroyed) return;
    const connection = res.req.socket;
    const count = parked.get(connection) ?? 0;
    if (count >= options.pipelined) return refuseOne(refuse);
    parked.set(connection, count + 1);
    const leave = () => {
      parked.set(connection, parked.get(connection)! - 1);
      res.off('socket', turn);
      res.off('close', leave);
    };
    const turn = () => {
      leave();
      admit(kind, res, render, refuse);
    };
    res.once('socket', turn);
    res.once('close', leave);
  }

  function admit(kind: MissKind, res: ServerResponse, render: () => void, refuse: () => void) {
    // Behind an answer Node has not sent yet: not this connection's turn.
    if (res.socket === null) return park(kind, res, render, refuse);
    if (turns.size < options.concurrency && queued() === 0 && performance.now() >= nextStart) {
      start({ res, render });
      return;
    }
    if (queued() >= options.queue) return refuseOne(refuse);
    waiting[kind].push({ res, render });
    pump();
  }

  return {
    admit,
    rendered: (res) => turns.get(res)?.(),
    stats: () => ({ running: turns.size, waiting: queued(), refused }),
  };
}

type Waiter = { res: ServerResponse; render: () => void };
