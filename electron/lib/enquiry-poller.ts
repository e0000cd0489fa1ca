import type { ContactStats } from '#shared/contact';
import { serverEndpoint } from './server-url';

/**
 * Watches `/api/contacts/stats` for new enquiries: a badge with the unread
 * count, a notification when the count grows. Offline, the delay doubles up
 * to a ceiling and returns to normal after the next success. Timers and the
 * clock are injected so tests drive it without waiting.
 */

export type StatsResult =
  { status: 'ok'; unread: number } | { status: 'signed-out' } | { status: 'offline' };

/** Reads the stats with the app session's cookie (Electron's `net.fetch`, credentials included). */
export async function readStats(serverUrl: string, fetchFn: typeof fetch): Promise<StatsResult> {
  try {
    const response = await fetchFn(serverEndpoint(serverUrl, '/api/contacts/stats'), {
      headers: { Accept: 'application/json', Origin: new URL(serverUrl).origin },
      credentials: 'include',
      signal: AbortSignal.timeout(15_000),
    });
    if (response.status === 401 || response.status === 403) return { status: 'signed-out' };
    if (!response.ok) return { status: 'offline' };
    const body = (await response.json()) as { data?: ContactStats };
    const unread = body.data?.unread;
    return typeof unread === 'number' && unread >= 0
      ? { status: 'ok', unread }
      : { status: 'offline' };
  } catch {
    return { status: 'offline' };
  }
}

export type Timers = {
  setTimeout(fn: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
};

export type PollerOptions = {
  read: () => Promise<StatsResult>;
  /** Badge count to show (0 clears it). */
  onBadge: (unread: number) => void;
  /** Called when the unread count grew since the last successful read. */
  onNewEnquiries: (added: number, unread: number) => void;
  timers?: Timers;
  intervalMs?: number;
  maxDelayMs?: number;
};

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
  let lastUnread: number | null = null;
  let inFlight = false;
  let refreshAfter = false;

  async function tick(): Promise<void> {
    handle = null;
    inFlight = true;
    const result = await options.read().catch((): StatsResult => ({ status: 'offline' }));
    inFlight = false;
    if (!running) return;
    if (result.status === 'ok') {
      if (lastUnread !== null && result.unread > lastUnread)
        options.onNewEnquiries(result.unread - lastUnread, result.unread);
      if (result.unread !== lastUnread) options.onBadge(result.unread);
      lastUnread = result.unread;
      delay = interval;
    } else if (result.status === 'signed-out') {
      if (lastUnread !== null) options.onBadge(0);
      lastUnread = null;
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
