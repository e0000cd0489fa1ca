import type { ContactStats } from '#shared/contact';
import { serverEndpoint } from './server-url';

/**
 * Watches `/api/contacts/stats`: a badge with the enquiries that still need
 * a reply (`unreplied`), a notification when new enquiries arrive (`total`
 * grew; spam never counts). Offline, the delay doubles up to a ceiling and
 * returns to normal after the next success. Timers and the clock are
 * injected so tests drive it without waiting.
 */

export type StatsResult =
  | { status: 'ok'; waiting: number; total: number }
  | { status: 'signed-out' }
  | { status: 'offline' };

const count = (value: unknown): number | null =>
  typeof value === 'number' && Number.isInteger(value) && value >= 0 ? value : null;

/** The counts of a stats answer; a server without reply tracking badges its unread ones. */
export function statsCounts(data: Partial<ContactStats> | undefined): StatsResult {
  const waiting = count(data?.unreplied) ?? count(data?.unread);
  const total = count(data?.total);
  return waiting === null || total === null
    ? { status: 'offline' }
    : { status: 'ok', waiting, total };
}

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
    const body = (await response.json()) as { data?: Partial<ContactStats> };
    return statsCounts(body.data);
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
  /** Badge count to show: the enquiries awaiting a reply (0 clears it). */
  onBadge: (waiting: number) => void;
  /** Called when enquiries arrived since the last successful read. */
  onNewEnquiries: (added: number, waiting: number) => void;
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
  let last: { waiting: number; total: number } | null = null;
  let inFlight = false;
  let refreshAfter = false;

  async function tick(): Promise<void> {
    handle = null;
    inFlight = true;
    const result = await options.read().catch((): StatsResult => ({ status: 'offline' }));
    inFlight = false;
    if (!running) return;
    if (result.status === 'ok') {
      if (last !== null && result.total > last.total)
        options.onNewEnquiries(result.total - last.total, result.waiting);
      if (result.waiting !== last?.waiting) options.onBadge(result.waiting);
      last = { waiting: result.waiting, total: result.total };
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
