import { performance } from 'node:perf_hooks';
import type { Logger } from './logger';

/** V8's collector as `--expose-gc` gives it (scripts/serve.sh passes the flag). */
type Collect = (options: { type: 'major'; flavor: 'last-resort' }) => void;

/** How often the collector looks at the process. */
const EVERY_MS = 1_000;
/** Below this share of the event loop's time busy, a second counts as quiet. */
const QUIET_UTILIZATION = 0.02;
/** Quiet seconds in a row before memory is given back: a burst has ended. */
const QUIET_SECONDS = 5;
/** What the resident size must have grown by since the last time. */
const GROWTH_BYTES = 16 * 1024 * 1024;

export type IdleCollectorDeps = {
  logger: Logger;
  /** Defaults to `globalThis.gc`; without it (no `--expose-gc`) the collector does nothing. */
  collect?: Collect;
  /** The process's resident size in bytes. */
  rss?: () => number;
  /** The share of time the event loop was busy since the last call (0 to 1). */
  busy?: () => number;
};

/**
 * Gives memory back once a burst of requests is over. Under load V8 grows
 * its heap and keeps the pages after the garbage on them is gone: after
 * the bench's enquiry load the server stayed at 165-180 MiB resident for as
 * long as it was left idle, most of it garbage (a forced full collection
 * left 140). V8's own memory reducer would return it, but nothing in a
 * Node server wakes it. So once the event loop has been quiet for
 * QUIET_SECONDS and the resident size has grown by GROWTH_BYTES since the
 * last time, this runs the collection V8 runs before giving up for lack of
 * memory (`last-resort`: full collections that compact the heap and
 * release its empty pages; about 75 ms, while nothing waits). The code
 * compiled meanwhile may be dropped with the rest, so the next requests
 * run a little slower for a second.
 */
export function createIdleCollector(deps: IdleCollectorDeps) {
  const collect = deps.collect ?? (globalThis as { gc?: Collect }).gc;
  const rss = deps.rss ?? (() => process.memoryUsage.rss());
  const busy = deps.busy ?? eventLoopBusy();
  let timer: NodeJS.Timeout | undefined;
  let baseline = 0;
  let quiet = 0;

  function look(): void {
    quiet = busy() < QUIET_UTILIZATION ? quiet + 1 : 0;
    const before = rss();
    if (quiet < QUIET_SECONDS || before - baseline < GROWTH_BYTES) return;
    const started = performance.now();
    collect!({ type: 'major', flavor: 'last-resort' });
    baseline = rss();
    quiet = 0;
    deps.logger.info(
      {
        rssMiB: Math.round(baseline / 2 ** 20),
        freedMiB: Math.round((before - baseline) / 2 ** 20),
        ms: Math.round(performance.now() - started),
      },
      'memory: given back after a burst',
    );
  }

  return {
    start(): void {
      if (!collect || timer) return;
      baseline = rss();
      busy();
      timer = setInterval(look, EVERY_MS);
      timer.unref();
    },
    async stop(): Promise<void> {
      clearInterval(timer);
      timer = undefined;
    },
  };
}

/** The event loop's utilisation since the last call (Node's own measure). */
function eventLoopBusy(): () => number {
  let last = performance.eventLoopUtilization();
  return () => {
    const now = performance.eventLoopUtilization();
    const { utilization } = performance.eventLoopUtilization(now, last);
    last = now;
    return utilization;
  };
}
