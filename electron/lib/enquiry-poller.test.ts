import { describe, expect, it } from 'vitest';
import {
  createEnquiryPoller,
  readStats,
  statsCounts,
  type StatsResult,
  type Timers,
} from './enquiry-poller';

/** Timers the test advances by hand: each pending callback with its delay. */
function manualTimers() {
  const pending = new Map<number, { fn: () => void; ms: number }>();
  let next = 1;
  const timers: Timers = {
    setTimeout: (fn, ms) => {
      pending.set(next, { fn, ms });
      return next++;
    },
    clearTimeout: (handle) => void pending.delete(handle as number),
  };
  return {
    timers,
    delays: () => [...pending.values()].map((p) => p.ms),
    async fire() {
      const [id, entry] = [...pending.entries()][0]!;
      pending.delete(id);
      entry.fn();
      await new Promise((resolve) => setImmediate(resolve));
    },
  };
}

function scripted(results: StatsResult[]) {
  const queue = [...results];
  return async () => queue.shift() ?? { status: 'offline' as const };
}

const settle = () => new Promise((resolve) => setImmediate(resolve));

const SERVER = 'https://www.example.com';
/** A good read of `SERVER` (or another): `arrived` counted since what the poller saw. */
const ok = (
  waiting: number,
  newest: number | null,
  arrived = 0,
  server = SERVER,
  unread: number | null = null,
): StatsResult => ({
  status: 'ok',
  server,
  waiting,
  newest,
  arrived,
  unread,
});
/** A read of a server older than `newest_id`: its badge count and its unread count. */
const older = (waiting: number, unread: number, server = SERVER) =>
  ok(waiting, null, 0, server, unread);

describe('enquiry poller', () => {
  it('badges what awaits a reply and notifies only when new enquiries arrive', async () => {
    const clock = manualTimers();
    const badges: number[] = [];
    const notes: [number, number][] = [];
    const poller = createEnquiryPoller({
      read: scripted([
        ok(2, 7),
        ok(2, 7),
        ok(5, 10, 3),
        ok(1, 10),
        // Marked unreplied again: more waiting, but nothing new arrived.
        ok(2, 10),
      ]),
      onBadge: (n) => badges.push(n),
      onNewEnquiries: (added, unread) => notes.push([added, unread]),
      onMoreUnread: () => undefined,
      timers: clock.timers,
      intervalMs: 1000,
    });
    poller.start();
    await settle();
    for (let i = 0; i < 4; i++) await clock.fire();
    expect(badges).toEqual([2, 5, 1, 2]);
    expect(notes).toEqual([[3, 5]]);
    poller.stop();
    expect(clock.delays()).toEqual([]);
  });

  it('backs off exponentially while offline, up to a ceiling, and resets after a success', async () => {
    const clock = manualTimers();
    const offline = { status: 'offline' } as const;
    const poller = createEnquiryPoller({
      read: scripted([offline, offline, offline, offline, offline, ok(0, null)]),
      onBadge: () => undefined,
      onNewEnquiries: () => undefined,
      onMoreUnread: () => undefined,
      timers: clock.timers,
      intervalMs: 1000,
      maxDelayMs: 8000,
    });
    poller.start();
    await settle();
    const seen = [clock.delays()[0]];
    for (let i = 0; i < 5; i++) {
      await clock.fire();
      seen.push(clock.delays()[0]);
    }
    expect(seen).toEqual([2000, 4000, 8000, 8000, 8000, 1000]);
    poller.stop();
  });

  it('clears the badge when signed out and does not notify for the first count after sign-in', async () => {
    const clock = manualTimers();
    const badges: number[] = [];
    const notes: number[] = [];
    const poller = createEnquiryPoller({
      read: scripted([ok(3, 3), { status: 'signed-out' }, ok(4, 4, 1)]),
      onBadge: (n) => badges.push(n),
      onNewEnquiries: (added) => notes.push(added),
      onMoreUnread: () => undefined,
      timers: clock.timers,
      intervalMs: 1000,
    });
    poller.start();
    await settle();
    await clock.fire();
    await clock.fire();
    expect(badges).toEqual([3, 0, 4]);
    expect(notes).toEqual([]);
    poller.stop();
  });

  it('asks each read for arrivals since what it saw, and forgets it for another server or after sign-out', async () => {
    const clock = manualTimers();
    const seen: unknown[] = [];
    const notes: number[] = [];
    const results = [
      ok(1, 4),
      ok(2, 6, 1),
      // Another server with more enquiries: not compared with the last one.
      ok(9, 40, 0, 'https://other.example.com'),
      ok(9, 40),
      { status: 'signed-out' } as const,
      ok(9, 41),
    ];
    const poller = createEnquiryPoller({
      read: async (since) => {
        seen.push(since);
        return results.shift() ?? { status: 'offline' };
      },
      onBadge: () => undefined,
      onNewEnquiries: (added) => notes.push(added),
      onMoreUnread: () => undefined,
      timers: clock.timers,
      intervalMs: 1000,
    });
    poller.start();
    await settle();
    for (let i = 0; i < 5; i++) await clock.fire();
    expect(notes).toEqual([1]);
    expect(seen).toEqual([
      null,
      { server: SERVER, newest: 4 },
      { server: SERVER, newest: 6 },
      { server: 'https://other.example.com', newest: 40 },
      { server: SERVER, newest: 40 },
      null,
    ]);
    poller.stop();
  });

  it('does not tell of arrivals a read from another server reports', async () => {
    const clock = manualTimers();
    const notes: number[] = [];
    const poller = createEnquiryPoller({
      read: scripted([ok(1, 4), ok(3, 9, 2, 'https://other.example.com')]),
      onBadge: () => undefined,
      onNewEnquiries: (added) => notes.push(added),
      onMoreUnread: () => undefined,
      timers: clock.timers,
      intervalMs: 1000,
    });
    poller.start();
    await settle();
    await clock.fire();
    expect(notes).toEqual([]);
    poller.stop();
  });

  it('refresh polls at once and keeps a single timer, even while a poll is running', async () => {
    const clock = manualTimers();
    let reads = 0;
    const poller = createEnquiryPoller({
      read: async () => {
        reads++;
        return { status: 'offline' };
      },
      onBadge: () => undefined,
      onNewEnquiries: () => undefined,
      onMoreUnread: () => undefined,
      timers: clock.timers,
      intervalMs: 1000,
    });
    poller.start();
    poller.refresh();
    await settle();
    expect(reads).toBe(1);
    expect(clock.delays()).toEqual([0]);
    await clock.fire();
    expect(reads).toBe(2);
    poller.refresh();
    await settle();
    expect(reads).toBe(3);
    expect(clock.delays()).toHaveLength(1);
    poller.stop();
  });
});

describe('statsCounts', () => {
  it('badges the unreplied count and remembers the last enquiry received', () => {
    expect(
      statsCounts({ total: 9, unread: 1, unreplied: 4, overdue: 2, spam: 3, newest_id: 31 }),
    ).toEqual({ waiting: 4, newest: 31, unread: 1 });
    expect(statsCounts({ total: 0, unread: 0, unreplied: 0, newest_id: null })).toEqual({
      waiting: 0,
      newest: null,
      unread: 0,
    });
  });

  it('falls back to the unread count of a server without reply tracking or newest_id', () => {
    expect(statsCounts({ total: 9, unread: 1 })).toEqual({ waiting: 1, newest: null, unread: 1 });
  });

  it('treats an answer without usable counts as a failed read', () => {
    expect(statsCounts(undefined)).toBeNull();
    expect(statsCounts({ total: 2, unreplied: -1 })).toBeNull();
  });
});

describe('a server older than newest_id', () => {
  /** A poller over `read`, recording the badge, arrivals and rises of the unread count. */
  function watch(read: (seen: unknown) => Promise<StatsResult>) {
    const clock = manualTimers();
    const told = { badges: [] as number[], arrivals: [] as number[], unread: [] as number[] };
    const poller = createEnquiryPoller({
      read,
      onBadge: (n) => told.badges.push(n),
      onNewEnquiries: (added) => told.arrivals.push(added),
      onMoreUnread: (rise) => told.unread.push(rise),
      timers: clock.timers,
      intervalMs: 1000,
    });
    return { clock, told, poller };
  }

  it('tells of a rise of its unread count, the only sign of arrivals it gives', async () => {
    const { clock, told, poller } = watch(
      scripted([
        older(2, 1),
        older(2, 1),
        older(4, 3),
        // One read, then one more came: what rose since the last read is told, not the count.
        older(4, 2),
        older(4, 3),
        older(5, 3),
      ]),
    );
    poller.start();
    await settle();
    for (let i = 0; i < 5; i++) await clock.fire();
    expect(told.unread).toEqual([2, 1]);
    expect(told.arrivals).toEqual([]);
    expect(told.badges).toEqual([2, 4, 5]);
    poller.stop();
  });

  it('compares no counts of two servers, none across a sign-out, and none once it names its enquiries', async () => {
    const { clock, told, poller } = watch(
      scripted([
        older(1, 1),
        older(6, 6, 'https://other.example.com'),
        older(7, 7),
        { status: 'signed-out' },
        older(8, 8),
        // Updated meanwhile: it names its last enquiry, whose arrivals are told as such.
        ok(9, 40, 0, SERVER, 9),
        ok(10, 41, 1, SERVER, 10),
      ]),
    );
    poller.start();
    await settle();
    for (let i = 0; i < 6; i++) await clock.fire();
    expect(told.unread).toEqual([]);
    expect(told.arrivals).toEqual([1]);
    poller.stop();
  });

  it('a new server before its first enquiry is no older one: its first arrival is told once', async () => {
    const { clock, told, poller } = watch(
      scripted([ok(0, null, 0, SERVER, 0), ok(1, 1, 1, SERVER, 1)]),
    );
    poller.start();
    await settle();
    await clock.fire();
    expect(told.arrivals).toEqual([1]);
    expect(told.unread).toEqual([]);
    poller.stop();
  });

  it('is read for its unread count alone, the inbox list never asked', async () => {
    const asked: string[] = [];
    let unread = 2;
    const oldServer: typeof fetch = async (input) => {
      const url = new URL(String(input));
      asked.push(url.pathname);
      if (url.pathname !== '/api/contacts/stats') return new Response(null, { status: 404 });
      return Response.json({ data: { total: 9, unread, unreplied: 4, overdue: 1, spam: 0 } });
    };
    const { clock, told, poller } = watch((seen) =>
      readStats(SERVER, oldServer, seen as Parameters<typeof readStats>[2]),
    );
    poller.start();
    await settle();
    unread = 5;
    await clock.fire();
    expect(told.unread).toEqual([3]);
    expect(told.badges).toEqual([4]);
    expect(asked).toEqual(['/api/contacts/stats', '/api/contacts/stats']);
    poller.stop();
  });
});
