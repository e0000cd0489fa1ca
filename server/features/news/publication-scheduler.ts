import { systemClock, type Clock } from '../../clock';
import type { ContentVersion } from '../../content-version';
import type { Db } from '../../db/knex';
import type { Logger } from '../../logger';
import { createNewsRepo } from './news.repo';

/** Looks again at least this often: another instance may have scheduled an article. */
const POLL_MS = 60_000;

export type PublicationScheduler = {
  start(): void;
  stop(): Promise<void>;
  /** Looks up the next scheduled publication now and sleeps until it (or the next poll). */
  refresh(): Promise<void>;
};

/**
 * Makes scheduled articles appear everywhere at their time. Nothing is
 * written then: every public query already compares `published_at` with
 * the clock. What must move is this process's caches, so the scheduler
 * tells the content version when the next publication is due
 * (`expireAt`: the first cache lookup from that moment on empties the
 * caches) and sleeps until then to bump it itself. It looks again after
 * every content write and at least once a minute. With several instances
 * each runs its own and empties its own caches, once per due time: there
 * is nothing else to do at that moment, so nothing can happen twice.
 */
export function createPublicationScheduler(deps: {
  db: Db;
  version: ContentVersion;
  logger: Logger;
  clock?: Clock;
  pollMs?: number;
}): PublicationScheduler {
  const { db, version, logger, clock = systemClock, pollMs = POLL_MS } = deps;
  const repo = createNewsRepo(db);
  let timer: NodeJS.Timeout | undefined;
  let running = false;
  let unsubscribe: (() => void) | undefined;
  let pending: Promise<void> = Promise.resolve();

  function sleep(ms: number): void {
    clearTimeout(timer);
    if (!running) return;
    timer = setTimeout(() => void refresh(), Math.max(0, ms));
    timer.unref();
  }

  async function arm(): Promise<void> {
    // A due publication moves the version first; then look for the one after it.
    version.current();
    const next = await repo.nextScheduledAt(clock().toISOString());
    if (!running) return;
    version.expireAt(next);
    sleep(next === null ? pollMs : Math.min(pollMs, next.getTime() - clock().getTime()));
  }

  function refresh(): Promise<void> {
    pending = pending.then(arm).catch((err: unknown) => {
      logger.warn({ err }, 'scheduled publication: lookup failed; trying again');
      sleep(pollMs);
    });
    return pending;
  }

  return {
    start() {
      if (running) return;
      running = true;
      // A write may have scheduled, moved or taken back a publication.
      unsubscribe = version.onChange(() => void refresh());
      void refresh();
    },
    async stop() {
      running = false;
      clearTimeout(timer);
      unsubscribe?.();
      await pending;
    },
    refresh,
  };
}
