import type { Contact, ContactStats } from '#shared/contact';
import { ADMIN_MAX_PAGE_SIZE } from '#shared/list-query';
import { serverEndpoint } from './server-url';

/**
 * Watches `/api/contacts/stats`: a badge with the enquiries that still need
 * a reply (`unreplied`), a notification when new enquiries arrive. Arrivals
 * are told by `newest_id`, the last enquiry the server received: counts
 * move too when an enquiry is taken out of spam, marked spam or deleted,
 * and another server's counts say nothing about this one's. Spam never
 * counts. A server older than `newest_id` tells of arrivals by its unread
 * count alone: a rise of it is told instead. Offline, the delay doubles up to a ceiling and returns to normal
 * after the next success. Timers and the clock are injected so tests drive
 * it without waiting.
 */

/** What the poller remembers of its last read: the server, and the last enquiry seen there. */
export type Seen = { server: string; newest: number | null };

export type StatsResult =
  | {
      status: 'ok';
      server: string;
      waiting: number;
      /** The last enquiry received (spam included), null before the first or from an older server. */
      newest: number | null;
      /** Enquiries (spam left out) received since `seen` on the same server; 0 without one. */
      arrived: number;
      /** Enquiries not read yet (spam left out), null when the server does not say. */
      unread: number | null;
    }
  | { status: 'signed-out' }
  | { status: 'offline' };

const count = (value: unknown): number | null =>
  typeof value === 'number' && Number.isInteger(value) && value >= 0 ? value : null;

/** The counts of a stats answer; a server without reply tracking badges its unread ones. */
export function statsCounts(
  data: Partial<ContactStats> | undefined,
): { waiting: number; newest: number | null; unread: number | null } | null {
  const unread = count(data?.unread);
  const waiting = count(data?.unreplied) ?? unread;
  return waiting === null ? null : { waiting, newest: count(data?.newest_id), unread };
}

async function getJson<T>(
  serverUrl: string,
  path: string,
  fetchFn: typeof fetch,
): Promise<{ status: 'ok'; data: T | undefined } | { status: 'signed-out' | 'offline' }> {
  const response = await fetchFn(serverEndpoint(serverUrl, path), {
    headers: { Accept: 'application/json', Origin: new URL(serverUrl).origin },
    credentials: 'include',
    signal: AbortSignal.timeout(15_000),
  });
  if (response.status === 401 || response.status === 403) return { status: 'signed-out' };
  if (!response.ok) return { status: 'offline' };
  return { status: 'ok', data: ((await response.json()) as { data?: T }).data };
}

/**
 * Reads the stats with the app session's cookie (Electron's `net.fetch`,
 * credentials included). When the last enquiry received moved past the one
 * `seen` on this server, the inbox list (newest first, spam left out) says
 * how many of those arrivals were not spam: one page, no longer than the
 * ids allow (one id per enquiry received), so a single arrival reads one.
 */
export async function readStats(
  serverUrl: string,
  fetchFn: typeof fetch,
  seen: Seen | null = null,
): Promise<StatsResult> {
  try {
    const stats = await getJson<Partial<ContactStats>>(serverUrl, '/api/contacts/stats', fetchFn);
    if (stats.status !== 'ok') return stats;
    const counts = statsCounts(stats.data);
    if (!counts) return { status: 'offline' };
    // Seen on this server before its first enquiry: every one received since is new.
    const since = seen?.server === serverUrl ? (seen.newest ?? 0) : null;
    let { newest } = counts;
    let arrived = 0;
    if (since !== null && newest !== null && newest > since) {
      const perPage = Math.min(newest - since, ADMIN_MAX_PAGE_SIZE);
      const list = await getJson<Contact[]>(
        serverUrl,
        `/api/contacts?page=1&per_page=${perPage}`,
        fetchFn,
      );
      if (list.status !== 'ok') return list;
      if (!Array.isArray(list.data)) return { status: 'offline' };
      // One that came between the two reads is told now, and not again.
      const ids = list.data.map((c) => c.id).filter((id) => id > since);
      arrived = ids.length;
      newest = Math.max(newest, ...ids);
    }
    return {
      status: 'ok',
      server: serverUrl,
      waiting: counts.waiting,
      newest,
      arrived,
      unread: counts.unread,
    };
  } catch {
    return { status: 'offline' };
  }
}

export type Timers = {
  setTimeout(fn: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
};

export type PollerOptions = {
  /** Reads the stats, counting arrivals since what the poller saw last (null: nothing yet). */
  read: (seen: Seen | null) => Promise<StatsResult>;
  /** Badge count to show: the enquiries awaiting a reply (0 clears it). */
  onBadge: (waiting: number) => void;
  /** Called when enquiries arrived since the last successful read. */
  onNewEnquiries: (added: number, waiting: number) => void;
  /**
   * Called instead, for a server that does not name its last enquiry (one
   * older than `newest_id`), when its unread count rose since the last read.
   */
  onMoreUnread: (rise: number) => void;
  timers?: Timers;
  intervalMs?: number;
  maxDelayMs?: number;
};

type Last = Seen & { waiting: number; unread: number | null };

/**
 * How far the unread count rose between two reads of a server that names no
 * last enquiry, then or now (a server that does names its first one): the
 * only sign of arrivals such a server gives. 0 otherwise.
 */
function unreadRise(last: Last | null, now: Extract<StatsResult, { status: 'ok' }>): number {
  if (last?.server !== now.server || last.newest !== null || now.newest !== null) return 0;
  if (last.unread === null || now.unread === null) return 0;
  return Math.max(0, now.unread - last.unread);
}

export const POLL_INTERVAL_MS = 60_000;
export const MAX_BACKOFF_MS = 15 * 60_000;

export function createEnquiryPoller(options: PollerOptions) {
  const timers = options.timers ?? {
    setTimeout: (fn, ms) => setTimeout(fn, ms),
    clearTimeout: (h) => clearTimeout(h as NodeJS.Timeout),
  };
  const interval = options.intervalMs ?? POLL_INTERVAL_MS;
  const ceiling = options.maxDelayMs ?? MAX_BACKOFF_MS;
  let handle: unknown = null;
  let running = false;
  let delay = interval;
  let last: Last | null = null;
  let inFlight = false;
  let refreshAfter = false;

  async function tick(): Promise<void> {
    handle = null;
    inFlight = true;
    const seen: Seen | null = last && { server: last.server, newest: last.newest };
    const result = await options.read(seen).catch((): StatsResult => ({ status: 'offline' }));
    inFlight = false;
    if (!running) return;
    if (result.status === 'ok') {
      // Another server: what was seen on the last one is forgotten, nothing is new yet.
      const sameServer = last?.server === result.server;
      if (sameServer && result.arrived > 0) options.onNewEnquiries(result.arrived, result.waiting);
      const rise = unreadRise(last, result);
      if (rise > 0) options.onMoreUnread(rise);
      if (result.waiting !== last?.waiting) options.onBadge(result.waiting);
      last = {
        server: result.server,
        waiting: result.waiting,
        newest: result.newest,
        unread: result.unread,
      };
      delay = interval;
    } else if (result.status === 'signed-out') {
      if (last !== null) options.onBadge(0);
      last = null;
      delay = interval;
    } else {
      delay = Math.min(delay * 2, ceiling);
    }
    const wait = refreshAfter ? 0 : delay;
    refreshAfter = false;
    handle = timers.setTimeout(() => void tick(), wait);
  }

  return {
    start(): void {
      if (running) return;
      running = true;
      delay = interval;
      void tick();
    },
    stop(): void {
      running = false;
      if (handle !== null) timers.clearTimeout(handle);
      handle = null;
    },
    /** Polls now (after sign-in or a server change) and resets the back-off. */
    refresh(): void {
      if (!running) return;
      delay = interval;
      if (inFlight) {
        refreshAfter = true;
        return;
      }
      if (handle !== null) timers.clearTimeout(handle);
      void tick();
    },
    /** The wait before the next poll; exposed for tests and diagnostics. */
    currentDelay: () => delay,
  };
}
