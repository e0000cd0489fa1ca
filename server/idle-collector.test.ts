import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createIdleCollector } from './idle-collector';
import { createLogger } from './logger';

const MiB = 2 ** 20;

/** A process whose resident size and event loop the test sets, with a collector that frees `freed`. */
function fakeProcess() {
  const state = { rss: 120 * MiB, busy: 0, freed: 0 };
  const collect = vi.fn(() => {
    state.rss -= state.freed;
  });
  const lines: string[] = [];
  const collector = createIdleCollector({
    logger: createLogger({ logLevel: 'info' }, { write: (line: string) => lines.push(line) }),
    collect,
    rss: () => state.rss,
    busy: () => state.busy,
  });
  return { state, collect, collector, lines };
}

describe('the idle collector', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('gives memory back once a burst that grew the process has been over for five seconds', async () => {
    const { state, collect, collector, lines } = fakeProcess();
    collector.start();
    // The burst: busy, and 40 MiB more resident.
    state.busy = 0.9;
    state.rss += 40 * MiB;
    state.freed = 30 * MiB;
    await vi.advanceTimersByTimeAsync(10_000);
    expect(collect).not.toHaveBeenCalled();
    state.busy = 0;
    await vi.advanceTimersByTimeAsync(4_000);
    expect(collect).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1_000);
    expect(collect).toHaveBeenCalledTimes(1);
    expect(collect).toHaveBeenCalledWith({ type: 'major', flavor: 'last-resort' });
    expect(JSON.parse(lines.at(-1)!)).toMatchObject({
      msg: 'memory: given back after a burst',
      rssMiB: 130,
      freedMiB: 30,
    });
    // Quiet from then on, with nothing more to give: no collection after collection.
    await vi.advanceTimersByTimeAsync(60_000);
    expect(collect).toHaveBeenCalledTimes(1);
    await collector.stop();
  });

  it('counts from what the last collection left: growing again collects again', async () => {
    const { state, collect, collector } = fakeProcess();
    collector.start();
    state.rss += 40 * MiB;
    state.freed = 30 * MiB;
    await vi.advanceTimersByTimeAsync(5_000);
    expect(collect).toHaveBeenCalledTimes(1);
    // 130 MiB left; 10 MiB more is not enough, 20 MiB is.
    state.rss += 10 * MiB;
    await vi.advanceTimersByTimeAsync(10_000);
    expect(collect).toHaveBeenCalledTimes(1);
    state.rss += 10 * MiB;
    await vi.advanceTimersByTimeAsync(5_000);
    expect(collect).toHaveBeenCalledTimes(2);
    await collector.stop();
  });

  it('leaves a server that stays busy, or has not grown, alone', async () => {
    const { state, collect, collector } = fakeProcess();
    collector.start();
    state.rss += 10 * MiB;
    await vi.advanceTimersByTimeAsync(30_000);
    state.busy = 0.5;
    await vi.advanceTimersByTimeAsync(1_000);
    state.rss += 30 * MiB;
    // Busy one second in five: never five quiet seconds in a row.
    for (let i = 0; i < 12; i++) {
      state.busy = i % 5 === 4 ? 0.5 : 0;
      await vi.advanceTimersByTimeAsync(1_000);
    }
    expect(collect).not.toHaveBeenCalled();
    await collector.stop();
  });

  it('does nothing where V8 gives no collector (node without --expose-gc) and stops looking on stop', async () => {
    const withoutGc = createIdleCollector({
      logger: createLogger({ logLevel: 'silent' }),
      rss: () => {
        throw new Error('read memory without a collector');
      },
    });
    const gc = (globalThis as { gc?: unknown }).gc;
    expect(gc).toBeUndefined();
    withoutGc.start();
    await vi.advanceTimersByTimeAsync(30_000);
    await withoutGc.stop();

    const { state, collect, collector } = fakeProcess();
    collector.start();
    await collector.stop();
    state.rss += 40 * MiB;
    await vi.advanceTimersByTimeAsync(30_000);
    expect(collect).not.toHaveBeenCalled();
  });
});
