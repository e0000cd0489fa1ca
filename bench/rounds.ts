import type { LoadResult } from './wrk';

/** The middle value (the upper one of an even count). */
export const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
};

export type Contender = 'nginx' | 'bare' | 'server';
export type Round = Record<Exclude<Contender, 'nginx'>, LoadResult> & { nginx: LoadResult | null };

/**
 * `count` rounds over the three servers of one page, each round in another
 * order (nginx, bare Node, server; then bare Node, server, nginx; …), so none
 * of them is always the one measured right after another's load.
 */
export async function alternatingRounds(
  urls: Record<Contender, string | null>,
  load: (url: string) => Promise<LoadResult>,
  count: number,
): Promise<Round[]> {
  const rounds = await roundsOf(urls, load, count);
  return rounds.map((r) => ({ nginx: r.nginx ?? null, bare: r.bare!, server: r.server! }));
}

/**
 * `count` rounds over any contenders (a null URL is skipped), each round
 * starting one further along their order; every result stays with its own.
 */
export async function roundsOf<K extends string>(
  urls: Record<K, string | null>,
  load: (url: string) => Promise<LoadResult>,
  count: number,
): Promise<Partial<Record<K, LoadResult>>[]> {
  const order = Object.keys(urls) as K[];
  const rounds: Partial<Record<K, LoadResult>>[] = [];
  for (let round = 0; round < count; round++) {
    const results: Partial<Record<K, LoadResult>> = {};
    for (let i = 0; i < order.length; i++) {
      const who = order[(round + i) % order.length]!;
      const url = urls[who];
      if (url) results[who] = await load(url);
    }
    rounds.push(results);
  }
  return rounds;
}
