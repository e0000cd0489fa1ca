import { describe, expect, it } from 'vitest';
import { alternatingRounds, median } from '../../../bench/rounds';
import type { LoadResult } from '../../../bench/wrk';

const result = (rps: number): LoadResult => ({ rps, p50: 1, p99: 2, requests: rps, failures: 0 });

describe("the bench's rounds", () => {
  it('loads the three servers in another order each round and keeps each result with its own', async () => {
    const loaded: string[] = [];
    const rates: Record<string, number> = { n: 100, b: 60, s: 50 };
    const rounds = await alternatingRounds(
      { nginx: 'n', bare: 'b', server: 's' },
      (url) => {
        loaded.push(url);
        return Promise.resolve(result(rates[url]! + loaded.length));
      },
      3,
    );
    expect(loaded).toEqual(['n', 'b', 's', 'b', 's', 'n', 's', 'n', 'b']);
    expect(rounds.map((r) => [r.nginx?.rps, r.bare.rps, r.server.rps])).toEqual([
      [101, 62, 53],
      [106, 64, 55],
      [108, 69, 57],
    ]);
  });

  it('runs without nginx when it is not installed', async () => {
    const loaded: string[] = [];
    const rounds = await alternatingRounds(
      { nginx: null, bare: 'b', server: 's' },
      (url) => {
        loaded.push(url);
        return Promise.resolve(result(1));
      },
      2,
    );
    expect(loaded).toEqual(['b', 's', 'b', 's']);
    expect(rounds.every((r) => r.nginx === null)).toBe(true);
  });

  it('takes the middle value', () => {
    expect(median([0.45, 0.29, 0.57, 0.4, 0.5])).toBe(0.45);
    expect(median([])).toBeNaN();
  });
});
