import { describe, expect, it } from 'vitest';
import { createEnquiryPoller, statsCounts, type StatsResult, type Timers } from './enquiry-poller';

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

describe('enquiry poller', () => {
  it('badges what awaits a reply and notifies only when new enquiries arrive', async () => {
    const clock = manualTimers();
    const badges: number[] = [];
    const notes: [number, number][] = [];
    const poller = createEnquiryPoller({
      read: scripted([
        { status: 'ok', waiting: 2, total: 7 },
        { status: 'ok', waiting: 2, total: 7 },
        { status: 'ok', waiting: 5, total: 10 },
        { status: 'ok', waiting: 1, total: 10 },
        // Marked unreplied again: more waiting, but nothing new arrived.
        { status: 'ok', waiting: 2, total: 10 },
      ]),
      onBadge: (n) => badges.push(n),
      onNewEnquiries: (added, unread) => notes.push([added, unread]),
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
      read: scripted([
        offline,
        offline,
        offline,
        offline,
        offline,
        { status: 'ok', waiting: 0, total: 0 },
      ]),
      onBadge: () => undefined,
      onNewEnquiries: () => undefined,
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
      read: scripted([
        { status: 'ok', waiting: 3, total: 3 },
        { status: 'signed-out' },
        { status: 'ok', waiting: 4, total: 4 },
      ]),
      onBadge: (n) => badges.push(n),
      onNewEnquiries: (added) => notes.push(added),
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
  it('badges the unreplied count and notifies on the total', () => {
    expect(statsCounts({ total: 9, unread: 1, unreplied: 4, overdue: 2, spam: 3 })).toEqual({
      status: 'ok',
      waiting: 4,
      total: 9,
    });
  });

  it('falls back to the unread count of a server without reply tracking', () => {
    expect(statsCounts({ total: 9, unread: 1 })).toEqual({ status: 'ok', waiting: 1, total: 9 });
  });

  it('treats an answer without usable counts as a failed read', () => {
    expect(statsCounts(undefined)).toEqual({ status: 'offline' });
    expect(statsCounts({ total: 2, unreplied: -1 })).toEqual({ status: 'offline' });
  });
});
